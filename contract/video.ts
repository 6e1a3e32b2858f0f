import { z } from "zod";
import { MEETING_NUMBER } from "./meeting-number";
import { callsOf } from "./endpoint";

/**
 * The practice's video function (1§7): POST `{meetingNumber, role: 0}` answers the Meeting SDK
 * signature that lets an attendee (1§9 role 0) join that meeting. It signs with the practice's SDK
 * secret, which therefore stays with the practice and never reaches the portal or the browser.
 */

export const MeetingNumberSchema = z.string().regex(MEETING_NUMBER);

/** 1§9: the portal only ever joins as an attendee. */
export const ATTENDEE_ROLE = 0;

export const VideoSignatureBodySchema = z.object({
  meetingNumber: MeetingNumberSchema,
  role: z.literal(ATTENDEE_ROLE),
});

export const VideoSignatureReplySchema = z.union([z.object({ signature: z.string().min(1).max(4096) }), z.object({ error: z.string().min(1) })]);

/**
 * The Meeting SDK key the mock's video function signs for (the SDK key is public: it travels with
 * every join). The portal's ZOOM_SDK_KEY defaults to it, so a local run and the tests agree with the
 * mock; a real practice sets its own.
 */
export const MOCK_SDK_KEY = "portalMockSdkKey0001";

const call = callsOf("Appointments");

/** The practice API's calls of this file's area, gathered by `contract/endpoints.ts`. */
export const videoEndpoints = {
  /** The practice's video function (1§7), called at VIDEO_SIGNATURE_URL when that is set. */
  videoSignature: call({ method: "POST", path: "video/signature", needsToken: true, body: VideoSignatureBodySchema, reply: VideoSignatureReplySchema, summary: "Sign an attendee's (role 0) join of a video consult's meeting" }),
} as const;
