import { endpoints } from "@contract/endpoints";
import { ATTENDEE_ROLE } from "@contract/video";
import { config } from "~/.server/config.server";
import type { PracticeApi } from "~/.server/practice/api.server";

/**
 * The practice's video function (1§7): a signature for joining one meeting as an attendee (1§9 role 0).
 * `address`: the function's own address (VIDEO_SIGNATURE_URL); unset, it is called at the practice API.
 */
export function getVideoSignature(api: PracticeApi, meetingNumber: string, address = config.VIDEO_SIGNATURE_URL) {
  return api.call(endpoints.videoSignature, { address, body: { meetingNumber, role: ATTENDEE_ROLE } });
}
