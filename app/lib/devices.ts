import { isEmailAddress } from "./email-address";

/**
 * The rules of the devices list (issue 31, decisions/295), without the store: where a device signed in
 * from, as much as can be said offline and honestly, and whether a sign-in earns the holder an e-mail.
 */

/** A device id: 24 random bytes in base64url, as the device cookie carries it. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/**
 * The range a client address belongs to, never the address itself: "203.0.113.x" for IPv4, the /48 for
 * IPv6 ("2001:db8:1::/48", a site's usual allocation). No offline table turns an address into a town
 * or a country honestly, so the range is what the holder is shown (decisions/295). Anything that is
 * not an address (a missing header: "unknown") is "unknown".
 */
export function addressRange(address: string): string {
  const value = address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(value);
  if (v4) {
    const parts = v4.slice(1).map(Number);
    if (parts.some((n) => n > 255)) return "unknown";
    return `${parts.slice(0, 3).join(".")}.x`;
  }
  if (value.includes(":") && /^[0-9a-fA-F:]+$/.test(value) && (value.match(/::/g) ?? []).length <= 1) {
    const [head = "", tail = ""] = value.split("::");
    const front = head ? head.split(":") : [];
    const back = tail ? tail.split(":") : [];
    const missing = 8 - front.length - back.length;
    if ((value.includes("::") ? missing < 1 : missing !== 0) || [...front, ...back].some((g) => g.length === 0 || g.length > 4)) return "unknown";
    const groups = [...front, ...Array<string>(missing).fill("0"), ...back].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""));
    return `${groups.slice(0, 3).join(":")}::/48`;
  }
  return "unknown";
}

/** Whether a range is one the holder would know as local (the portal on their own computer or network). */
export function isLocalRange(range: string): boolean {
  return /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(range) || /^(0:0:0::|fe80:|f[cd][0-9a-f]{0,2}:)/.test(range);
}

/**
 * Who is told of a sign-in (decisions/295): only a device new to the holder, and only when the
 * practice has an address for them (the sign-in e-mail; a sign-in by a link has none).
 */
export function newDeviceMailTo(sighting: { isNew: boolean }, username: string): string | null {
  if (!sighting.isNew) return null;
  const to = username.trim();
  return isEmailAddress(to) ? to : null;
}
