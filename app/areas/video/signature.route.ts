import { signatureAction } from "./page.server";
import type { Route } from "./+types/signature.route";

/** The signature for joining a video consult (issue 15), posted by /zoom's Start Meeting (same-origin only, server.ts). */
export async function action({ request }: Route.ActionArgs) {
  const { status, reply } = await signatureAction(request);
  return Response.json(reply, { status, headers: { "Cache-Control": "no-store" } });
}
