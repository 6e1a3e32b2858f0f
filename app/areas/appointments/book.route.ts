import { bookingAction } from "./page.server";
import type { Route } from "./+types/book.route";
import { recordAccessOf } from "../../.server/record-access.server";

/** The booking machine's steps (roles, providers, slots, next day, book); same-origin only (server.ts). */
export async function action({ request }: Route.ActionArgs) {
  const reply = await bookingAction(request);
  // A booking made at the practice is a change to the record (decisions/274).
  if (reply !== null && typeof reply === "object" && "outcome" in reply && reply.outcome === "booked") recordAccessOf(request, { area: "appointments", action: "change" });
  return Response.json(reply, { headers: { "Cache-Control": "no-store" } });
}
