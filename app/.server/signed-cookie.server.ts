import { createHmac, timingSafeEqual } from "node:crypto";
import { parse } from "cookie";
import { createCookie, type Cookie, type CookieOptions } from "react-router";

/** React Router's signed cookie, read with node:crypto for speed; its format and writing stay React Router's, so old cookies and rotated secrets still read (decisions/362). */
export function signedCookie(name: string, options: CookieOptions & { secrets: string[] }): Cookie {
  const { secrets } = options;
  // Without a secret React Router would read any value unchecked; this one would read none.
  if (secrets.length === 0) throw new Error(`The ${name} cookie needs a secret to be signed with`);
  const written = createCookie(name, options);
  return {
    get name() {
      return written.name;
    },
    get isSigned() {
      return written.isSigned;
    },
    get expires() {
      return written.expires;
    },
    serialize: (value, serializeOptions) => written.serialize(value, serializeOptions),
    async parse(cookieHeader, parseOptions) {
      // A caller's own parse options (a decoder) are React Router's business: it reads them itself.
      if (parseOptions) return written.parse(cookieHeader, parseOptions);
      if (!cookieHeader) return null;
      const value = parse(cookieHeader)[name];
      if (value === undefined) return null;
      if (value === "") return "";
      return readSigned(value, secrets);
    },
  };
}

/** The value a secret of `secrets` signed, or null: React Router's answers, `{}` for a signed value that is not JSON included. */
function readSigned(cookieValue: string, secrets: string[]): unknown {
  const dot = cookieValue.lastIndexOf(".");
  const value = cookieValue.slice(0, dot);
  const given = Buffer.from(cookieValue.slice(dot + 1));
  for (const secret of secrets) {
    // Only the signature as React Router writes it, byte for byte; compared in constant time.
    const expected = Buffer.from(createHmac("sha256", secret).update(value).digest("base64").replace(/=+$/, ""));
    if (given.length === expected.length && timingSafeEqual(given, expected)) {
      try {
        return JSON.parse(Buffer.from(value, "base64").toString("utf8"));
      } catch {
        return {};
      }
    }
  }
  return null;
}
