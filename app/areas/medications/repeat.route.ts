import { repeatAction } from "./page.server";
import type { Route } from "./+types/repeat.route";

/** The repeat-medication machine's steps (the pharmacies, the request); same-origin only (server.ts). */
export async function action({ request }: Route.ActionArgs) {
  return Response.json(await repeatAction(request), { headers: { "Cache-Control": "no-store" } });
}
