import { useLocation } from "react-router";
import { HTML_LANG, LANGUAGE, TE_REO_UNDER_REVIEW, type Language } from "~/lib/language";
import { languageTexts } from "~/lib/texts/language";

/** Where the choice is posted (app/shell/language.route.ts). */
export const LANGUAGE_PATH = "/language";

/**
 * The other language, offered by its own name (issue 69, decisions/403): a plain form, so the choice
 * works before the page's code has arrived, and the next page is the other language's build.
 */
export function LanguageChoice({ className = "", short = false }: { className?: string; short?: boolean }) {
  const { pathname, search } = useLocation();
  const other: Language = LANGUAGE === "mi" ? "en" : "mi";
  const { names, shortNames, control } = languageTexts;
  return (
    <form method="post" action={LANGUAGE_PATH} className={className}>
      <input type="hidden" name="returnTo" value={pathname + search} />
      <button type="submit" name="language" value={other} className={`min-h-11 rounded border-2 border-current font-semibold ${short ? "px-2" : "px-3"}`}>
        {/* The short name where a phone's header has no room: its words are the full name's, which is read. */}
        {short ? (
          <span lang={HTML_LANG[other]} aria-hidden="true">
            {shortNames[other]}
          </span>
        ) : null}
        <span lang={HTML_LANG[other]} className={short ? "sr-only" : undefined}>
          {names[other]}
        </span>
        <span className="sr-only">
          {" · "}
          <span lang={HTML_LANG.mi}>{control.mi}</span> / <span lang={HTML_LANG.en}>{control.en}</span>
        </span>
      </button>
    </form>
  );
}

/** In te reo, while words await review, the page says so, in te reo and in English (decisions/403); in English, nothing. */
export function TeReoUnderReview({ className = "" }: { className?: string }) {
  if (LANGUAGE !== "mi" || !TE_REO_UNDER_REVIEW) return null;
  const { underReview } = languageTexts;
  return (
    <p className={className}>
      <span lang={HTML_LANG.mi}>{underReview.mi}</span> <span lang={HTML_LANG.en}>{underReview.en}</span>
    </p>
  );
}
