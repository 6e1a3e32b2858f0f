/**
 * zod tries `new Function` once, the first time a schema is built or parsed, to see whether it may
 * compile its parsers. The page's script policy refuses it, and the refusal is reported as a policy
 * violation even though zod catches it; `jitless` skips the attempt. zod keeps its settings in this
 * global (zod/v4/core `globalConfig`), created by whichever of zod and this module runs first.
 *
 * Imported first by the root route, whose module the browser evaluates before any other route's (some
 * build schemas as they load). Only in the browser: the server has no such policy and may compile.
 */
if (typeof document !== "undefined") {
  const settings = ((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {});
  settings.jitless = true;
}

export {};
