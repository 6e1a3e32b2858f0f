/** zod's `jitless` set before any schema is built in the browser, so zod never tries `new Function`, which the page's script policy refuses and reports (decisions/009). */
if (typeof document !== "undefined") {
  const settings = ((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {});
  settings.jitless = true;
}

export {};
