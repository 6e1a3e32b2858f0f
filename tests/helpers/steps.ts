import type { StepEnvelope } from "~/lib/steps";
import type { PasskeyOptionsReply, SecurityStepReply } from "~/areas/profile/steps";

/** Whatever a step of Sign-in security answers: every reply's fields, each optional. */
type SecurityReply = Partial<SecurityStepReply & PasskeyOptionsReply>;

/**
 * Posts steps to an area's dispatcher as the browser's `callStep` does (a form with `step` and the
 * input as JSON, and the step header), and reads the envelope it answers.
 */
export function stepPoster(url: string, dispatch: (request: Request) => Promise<Response>, headers: Record<string, string> = {}) {
  const request = (name: string, input: unknown = {}) =>
    new Request(url, { method: "POST", body: new URLSearchParams({ step: name, input: JSON.stringify(input) }), headers: { "X-Portal-Step": "1", ...headers } });
  const envelope = async (name: string, input: unknown = {}) => (await (await dispatch(request(name, input))).json()) as StepEnvelope<unknown>;
  return {
    request,
    envelope,
    /** The step's reply; a failure envelope fails the test with its message. */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads each step's reply by its own shape
    async reply<R = any>(name: string, input: unknown = {}): Promise<R> {
      const answer = await envelope(name, input);
      if (!answer.ok) throw new Error(`step ${name} failed: ${answer.failure.kind} ${answer.failure.message}`);
      return answer.reply as R;
    },
  };
}

/**
 * One step of the profile's Sign-in security as the page posts it, named as its form named it
 * (`intent: "sign-in-security-turn-off"` is the step `turn-off`): the HTTP status, and the reply when it
 * was done or the refusal's words when not.
 */
export async function securityPost(dispatch: (request: Request) => Promise<Response>, { intent, ...input }: { intent: string } & Record<string, string>, headers: Record<string, string>) {
  const response = await dispatch(stepPoster("http://portal.test/profile/step", dispatch, headers).request(intent.replace(/^sign-in-security-/, ""), input));
  const envelope = (await response.json()) as StepEnvelope<SecurityReply>;
  const reply: ({ ok: true } & SecurityReply) | { ok: false; message: string } = envelope.ok ? { ok: true, ...envelope.reply } : { ok: false, message: envelope.failure.message };
  return { status: response.status, reply };
}
