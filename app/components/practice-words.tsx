import { practiceLang } from "~/lib/language";

/**
 * The practice's words inside an element that holds the portal's too (decisions/403, "The practice's
 * words"): a span marking their language in a te reo page; plain text in English, whose page says it.
 */
export function PracticeWords({ children }: { children: string }) {
  const lang = practiceLang(children);
  return lang ? <span lang={lang}>{children}</span> : children;
}
