import { parse as parseCookies } from "cookie";
import type { NextFunction, Request, Response } from "express";
import { HTML_LANG, isLanguage, LANGUAGE_COOKIE, LANGUAGES, type Language } from "~/lib/language";

/**
 * The language a request is answered in (issue 69, decisions/403): the patient's choice, kept in a
 * cookie, or on a first visit the browser's Accept-Language; English when it names neither.
 */
export function languageOf(req: Request, served: readonly Language[] = LANGUAGES): Language {
  const chosen = parseCookies(req.get("cookie") ?? "")[LANGUAGE_COOKIE];
  if (isLanguage(chosen) && served.includes(chosen)) return chosen;
  const accepted = req.acceptsLanguages(...served);
  return isLanguage(accepted) ? accepted : served[0]!;
}

const LANGUAGE_OF = "portalLanguage";

/**
 * Settles the request's language once, among the languages served, before any build answers: the build
 * of that language answers it. `npm run dev` serves one (PORTAL_LANGUAGE), and says so.
 */
export const chooseLanguage = (served: readonly Language[] = LANGUAGES) => (req: Request, res: Response, next: NextFunction) => {
  const language = languageOf(req, served);
  res.locals[LANGUAGE_OF] = language;
  res.setHeader("Content-Language", HTML_LANG[language]);
  res.vary("Accept-Language");
  res.vary("Cookie");
  next();
};

export const languageChosen = (res: Response): Language => res.locals[LANGUAGE_OF] as Language;
