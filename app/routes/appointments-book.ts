import { bookingAction } from "../.server/appointments-page.server";
import type { Route } from "./+types/appointments-book";

/** The booking machine's steps (roles, providers, slots, next day, book); same-origin only (server.ts). */
export async function action({ request }: Route.ActionArgs) {
  return Response.json(await bookingAction(request), { headers: { "Cache-Control": "no-store" } });
}
