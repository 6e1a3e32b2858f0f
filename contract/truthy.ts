/**
 * "Truthy or falsy" answers of the practice (1§7 ValidateToken, SavePayment), read as words rather
 * than as JavaScript's truthiness, which would take the text "false" or "0" for a yes (decisions/240).
 */
export const TRUE_WORDS: ReadonlySet<string> = new Set(["true", "1", "yes"]);
export const FALSE_WORDS: ReadonlySet<string> = new Set(["false", "0", "no", ""]);

export type TruthyAnswer = "yes" | "no" | "unknown";

/**
 * One answer read as yes, no or unknown: a JSON boolean as itself; a number above 0 yes, 0 or below no
 * (-1 is the practice's failure code, 1§7 SaveTempPayment); the words above in any case and spacing;
 * null no. No answer at all (an empty body: `undefined`) and any other text is unknown: the practice
 * said something the spec does not describe, which must be neither a success nor a failure.
 */
export function readTruthy(value: boolean | number | string | null | undefined): TruthyAnswer {
  if (value === undefined) return "unknown";
  if (value === null) return "no";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return Number.isFinite(value) && value > 0 ? "yes" : Number.isFinite(value) ? "no" : "unknown";
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return "yes";
  if (FALSE_WORDS.has(word) || /^-\d+$/.test(word)) return "no";
  if (/^\d+$/.test(word)) return Number(word) > 0 ? "yes" : "no";
  return "unknown";
}

/**
 * An answer given as an object with a StatusCode, the way the spec's other calls answer (1§7 Logout
 * "Response has StatusCode"; ChangePassword and ForgotPassword: "1" success, "3" refused, "0" not
 * found; 1§8), read as yes, no or unknown (decisions/369): code 1 (or `true`) is yes, a code that
 * `readTruthy` calls no (0, -1, false, "no") is no. Any other code is unknown: 2 or 3 are the spec's
 * refusals, yet a bare number above 0 is a yes; readings that disagree give neither. An object with no
 * StatusCode, or a null one, says nothing: unknown. The rest of the object (a message) is not read.
 */
export function readStatusCode(answer: { StatusCode?: boolean | number | string | null }): TruthyAnswer {
  const code = answer.StatusCode;
  if (code === undefined || code === null) return "unknown";
  const reading = readTruthy(code);
  if (reading !== "yes") return reading;
  const one = typeof code === "string" ? TRUE_WORDS.has(code.trim().toLowerCase()) || Number(code) === 1 : code === true || code === 1;
  return one ? "yes" : "unknown";
}

/**
 * A yes/no practice setting (1§3: "1" means true), read alike by every screen (issue 33,
 * decisions/240): "1", "true" or "yes" in any case is on; "0", "false" or "no" is off; empty, missing or any other
 * text is `fallback`, what the portal does when the practice says nothing.
 */
export function settingOn(value: string | undefined, fallback: boolean): boolean {
  const word = value?.trim().toLowerCase() ?? "";
  if (word === "") return fallback;
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return fallback;
}
