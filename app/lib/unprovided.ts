import { fromPromise } from "xstate";

/**
 * The placeholder of a step a machine invokes but does not implement.
 *
 * A machine never fetches (DESIGN 3): it declares each of its actors here with its input and output
 * types, so that `tsc` checks both the machine's use of the reply and the page's implementation, and
 * the page provides the real one with `machine.provide({ actors })`, a thin wrapper around its own
 * action. A page or a test that forgets one fails loudly at the first call, naming the actor, instead
 * of leaving the flow waiting on a step that never answers.
 */
export function unprovided<TInput, TOutput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`The route must provide the ${name} actor`);
  });
}
