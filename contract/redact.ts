/**
 * The secrets a practice API request can carry: the Token (header or query), switch tokens (q) and
 * passwords. The mock's journal shows requests only through these functions; its log lines name the
 * route's pattern and carry no values at all (decisions/367).
 */
// Any key ending in "token" (Token, PatientDeviceToken), and the other secrets by name.
const SECRET_KEY = /^(q|password|newpassword|confirm|captcha|cardnumber|cvc|clientsecret)$|token$/i;
export const REDACTED = "[redacted]";

const isSecret = (key: string) => SECRET_KEY.test(key) || /password/i.test(key);

/**
 * A JSON value with every secret field, at any depth, replaced: by key, or, in a health-record
 * extension ({url, valueString}), by the extension's url (PatientDeviceToken); an empty one is left empty.
 */
export function redactBody(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactBody);
  if (value && typeof value === "object") {
    const secretExtension = "url" in value && typeof value.url === "string" && isSecret(value.url);
    // An empty secret hides nothing, and shows that none was sent (a sign-in link's user name and password).
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, v !== "" && (isSecret(k) || (secretExtension && k.startsWith("value"))) ? REDACTED : redactBody(v)]));
  }
  return value;
}

/** A server's address (REDIS_URL, DATABASE_URL) with its password hidden, for start-up messages and logs. */
export function redactServerUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(not a URL)";
  }
}
