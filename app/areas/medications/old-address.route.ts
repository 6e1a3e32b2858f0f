import { redirect } from "react-router";
import type { Route } from "./+types/old-address.route";

/** 2§2 lists /medication beside /medications: the old address leads to the one screen, with its view. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(`/medications${new URL(request.url).search}`, 301);
}
