import { payAction } from "./page.server";
import type { Route } from "./+types/pay.route";

/** One step of a card payment, posted by the payment machine's actors (same-origin only, server.ts). */
export async function action({ request }: Route.ActionArgs) {
  return Response.json(await payAction(request), { headers: { "Cache-Control": "no-store" } });
}
