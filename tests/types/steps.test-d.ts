import { z } from "zod";
import type { StepHandlers } from "../../app/.server/steps.server";
import { messagingSteps } from "../../app/areas/messaging/steps";
import { callStep, step, stepArea } from "../../app/lib/steps";

/**
 * `npm run typecheck` compiles this file (tsconfig includes every .ts); it runs nothing. Each
 * `@ts-expect-error` below is a drift that tsc must reject (decisions/280): were the protocol's types
 * to stop carrying the declaration to either side, the directive would be unused and tsc would fail.
 */

const area = stepArea("/example/step", {
  count: step(z.object({ n: z.number() }), z.object({ total: z.number() })),
});

// The server's side: the handler is typed by the declaration.
const matching: StepHandlers<typeof area, null> = { count: async ({ n }) => ({ total: n }) };
const drifted: StepHandlers<typeof area, null> = {
  // @ts-expect-error The reply changed shape on the server only (`count` instead of the declared `total`).
  count: async ({ n }) => ({ count: n }),
};
const wrongInput: StepHandlers<typeof area, null> = {
  // @ts-expect-error The handler reads an input the declaration does not have.
  count: async ({ m }) => ({ total: m }),
};

// The browser's side: the reply is typed by the same declaration.
async function browser() {
  const reply = await callStep(area, "count", { n: 1 });
  const total: number = reply.total;
  // @ts-expect-error The browser expects another shape than the declaration's.
  const count: number = reply.count;
  // @ts-expect-error An input the declaration does not take.
  await callStep(area, "count", { n: "1" });
  // @ts-expect-error A step the area does not declare.
  await callStep(area, "sum", {});

  // A real area: /emails' page step answers rows and a total, not the old `{ ok, rows }` reply.
  const page = await callStep(messagingSteps, "page", { box: "inbox", filter: "all", page: 2 });
  const rows: number = page.rows.length + page.total;
  // @ts-expect-error The old per-area envelope is gone: a reply has no `ok`.
  const ok: boolean = page.ok;
  return [total, count, rows, ok];
}

void [matching, drifted, wrongInput, browser];
