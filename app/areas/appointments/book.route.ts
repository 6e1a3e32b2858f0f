import { bookingAction } from "./page.server";
import type { Route } from "./+types/book.route";

/** The booking machine's steps (roles, providers, slots, next day, book); same-origin only (server.ts). */
export async function action({ request }: Route.ActionArgs) {
  return Response.json(await bookingAction(request), { headers: { "Cache-Control": "no-store" } });
}
