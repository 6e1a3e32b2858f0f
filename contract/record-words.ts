/**
 * How the portal reads two words of a practice's records, with no zod, so that a page's browser code can
 * use them without the contract's schemas (the first-load budgets, issue 35; decisions/396).
 */

/**
 * The read flag "as text True/False" (2§3), in the spellings a practice system writes a yes: True, true,
 * 1, Yes. Anything else, an absent or empty flag included, is unread, as 2§4 reads it ("read if True,
 * else unread"): a result the portal cannot tell is read is shown as new, never hidden among the read.
 */
export function isReadFlag(flag: string | null | undefined): boolean {
  return ["true", "1", "yes", "y"].includes(flag?.trim().toLowerCase() ?? "");
}

/** A content type as the portal compares it: its letters in lower case, its parameters left off ("text/html; charset=utf-8"). */
export function contentTypeOf(value: string | null | undefined): string {
  return value?.split(";")[0].trim().toLowerCase() ?? "";
}
