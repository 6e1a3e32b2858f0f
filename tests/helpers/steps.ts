import type { StepEnvelope } from "~/lib/steps";

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
