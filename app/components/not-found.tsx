import { Link } from "react-router";
import { errorsTexts } from "~/lib/texts/errors";

/** The page for any unknown path (1§2, 1§8). */
export function NotFound() {
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-start gap-4 p-6">
      <h1 className="text-3xl font-bold">{errorsTexts.notFoundTitle}</h1>
      <p className="text-xl">{errorsTexts.notFoundCode}</p>
      <p>{errorsTexts.notFoundWhy}</p>
      <Link to="/" className="font-semibold text-brand underline underline-offset-4">
        {errorsTexts.goBack}
        <span className="sr-only"> {errorsTexts.goBackWhere}</span>
      </Link>
    </main>
  );
}
