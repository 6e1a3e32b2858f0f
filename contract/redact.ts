/**
 * The secrets a practice API request can carry: the Token (header or query), switch tokens (q) and
 * passwords. Logs and journals show requests only through these functions.
 */
const SECRET_KEY = /^(token|q|password|newpassword|confirm|captcha|cardnumber|cvc|clientsecret)$/i;
export const REDACTED = "[redacted]";

/** A path with its query, secrets replaced: `/Patient/Logout?Token=[redacted]`. */
export function redactUrl(pathAndQuery: string): string {
  const [path, query] = pathAndQuery.split("?", 2);
  const redactedPath = path.replace(/^(\/loginSwitch\/)[^/?]+/i, `$1${REDACTED}`);
  if (query === undefined) return redactedPath;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (SECRET_KEY.test(key)) params.set(key, REDACTED);
  return `${redactedPath}?${params.toString().replaceAll("%5Bredacted%5D", REDACTED)}`;
}

/** A JSON value with every secret field, at any depth, replaced. */
export function redactBody(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactBody);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) || /password/i.test(k) ? REDACTED : redactBody(v)]));
  }
  return value;
}
