import { fromPromise } from "xstate";

/** The placeholder of a step a machine invokes but the page provides (DESIGN 3, decisions/317): a forgotten one fails loudly, naming the actor. */
export function unprovided<TInput, TOutput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`The route must provide the ${name} actor`);
  });
}
