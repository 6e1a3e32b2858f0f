import { MeetingNumberSchema } from "@contract/video";
import { videoTexts } from "./texts";
import { meetingTexts } from "./meeting-texts";
import { getVideoSignature } from "./practice.server";
import { type SignedIn } from "~/.server/session.server";
import { refuse, stepDispatcher, type StepHandlers } from "~/.server/steps.server";
import { portalDeps, upcomingVideoConsult, type SignatureDeps } from "./page.server";
import { videoSteps } from "./steps";

/** What every video step is given: the session, the request it came with, and what the steps use. */
interface VideoStepContext {
  signedIn: Pick<SignedIn, "api" | "user">;
  request: Request;
  deps: SignatureDeps;
}

const videoHandlers: StepHandlers<typeof videoSteps, VideoStepContext> = {
  sign: async (input, { signedIn: { api, user }, deps }) => {
    const meetingNumber = MeetingNumberSchema.safeParse(input.meetingNumber);
    if (!meetingNumber.success) return refuse(meetingTexts.badMeeting);
    if (!(await upcomingVideoConsult(api, user.userId, meetingNumber.data))) return refuse(videoTexts.notYours, { status: 404 });
    const reply = await getVideoSignature(api, meetingNumber.data, deps.signatureUrl);
    if ("error" in reply) return refuse(meetingTexts.notSigned);
    return { signature: reply.signature, sdkKey: deps.sdkKey, userName: user.userName };
  },
};

/**
 * POST /zoom/signature (same-origin only, server.ts): the practice's video function signs the join;
 * the portal adds the SDK key and the signed-in patient's name. The SDK secret is the function's.
 * Only a meeting of the viewed patient's upcoming video consults is signed, checked with the practice
 * at each post (a meeting cancelled since the page loaded is refused); any other is refused with 404.
 */
export function answerVideoSteps(request: Request, deps: SignatureDeps = portalDeps): Promise<Response> {
  return stepDispatcher(videoSteps, videoHandlers, {
    begin: async (request) => ({ signedIn: await deps.requireSession(request), request, deps }),
    failed: () => meetingTexts.notSigned,
  })(request);
}
