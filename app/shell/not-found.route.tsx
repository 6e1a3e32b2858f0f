import { data } from "react-router";
import { NotFound } from "~/components/not-found";
import { errorsTexts } from "~/lib/texts/errors";
import type { Route } from "./+types/not-found.route";

export const meta: Route.MetaFunction = () => [{ title: errorsTexts.notFoundMetaTitle }];

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
