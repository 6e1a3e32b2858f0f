/**
 * A new attempt's key. The actions answer a key once (decisions/091, 111, 031), so every retry of an
 * attempt carries the key it started with; machines keep it in their context as data and mint it
 * with their `mintKey` action, which this implements. A page that keeps its keys elsewhere (the
 * payment page keeps one across a refresh) and a test that wants to know its keys provide their own
 * `mintKey` with `machine.provide({ actions })`.
 */
export const newAttemptKey = (): string => crypto.randomUUID();
