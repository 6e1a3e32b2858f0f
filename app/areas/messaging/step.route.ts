import { emailsStep } from "./page.server";
import type { Route } from "./+types/step.route";

/** The /emails page's and the messaging machine's steps; same-origin only (server.ts). */
export async function action({ request }: Route.ActionArgs) {
  return Response.json(await emailsStep(request), { headers: { "Cache-Control": "no-store" } });
}
