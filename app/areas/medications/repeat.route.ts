import { repeatAction } from "./page.server";
import type { Route } from "./+types/repeat.route";
import { recordAccessOf } from "../../.server/record-access.server";

/** The repeat-medication machine's steps (the pharmacies, the request); same-origin only (server.ts). */
export async function action({ request }: Route.ActionArgs) {
  const reply = await repeatAction(request);
  // A repeat prescription request the practice took is a change (decisions/274).
  if ("outcome" in reply && reply.outcome === "sent") recordAccessOf(request, { area: "medications", action: "change" });
  return Response.json(reply, { headers: { "Cache-Control": "no-store" } });
}
