import { recordAccess } from "~/.server/access-entries.server";
import { currentRequestId, observability } from "~/.server/observability.server";
import type { StateStore } from "~/.server/state-store.server";
import { clientAddress } from "~/.server/client-address.server";
import { config } from "~/.server/config.server";
import { MANIFEST_BODY_BYTES, SHARE_CORS } from "./share-link-paths";
import { passcodeMatches, sha256, shareLinkStore, ShareLinksUnavailable, type ShareLinkStore } from "./share-link-store.server";
import { failureCode } from "~/.server/portal-store.server";
import { FHIR_JSON, MAX_WRONG_PASSCODES } from "./shlink";
import { publicOriginOf } from "./public-origin.server";

/**
 * The receiving side of share links (SMART Health Links, issue 32; decisions/305-309): reached by another app with no
 * session, it answers only what the link and its passcode open, with CORS and never cached.
 */

/** Requests to the receiving side per client address per minute. */
export const SHARE_REQUESTS_PER_MINUTE = 30;
const ID43 = /^[A-Za-z0-9_-]{43}$/;

const json = (body: unknown, status = 200, extra: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { ...SHARE_CORS, "Content-Type": "application/json", ...extra } });

export interface ReceivingSide {
  store: ShareLinkStore;
  /** Counts requests per client address (the state store, shared by every process). */
  counts: StateStore;
  now?: () => Date;
  /** PORTAL_ORIGIN (the portal's own); unset, the request's origin names the file's location. */
  origin?: string;
}

/** A share link's use, on the record of the person summarised: made by "someone with a share link", named by the link's id only. */
function recordUse(link: { id: string; practiceKey: string; patientId: string }, request: Request, action: "share-manifest-fetched" | "share-file-fetched" | "share-passcode-wrong" | "share-link-ended"): void {
  try {
    recordAccess({
      practice: { key: link.practiceKey },
      patientId: link.patientId,
      holderKey: `shl_${link.id}`,
      proxyName: "Someone with a share link",
      area: "summary",
      action,
      itemId: link.id,
      userAgent: request.headers.get("User-Agent"),
      sessionId: link.id,
    });
  } catch (error) {
    observability().logger.error({ kind: "portal-store", operation: "access.record", requestId: currentRequestId(), error: failureCode(error) }, "access not recorded");
  }
}

/** One more request from this address this minute; false past the limit. */
async function withinRate(side: ReceivingSide, request: Request, now: Date): Promise<boolean> {
  const minute = Math.floor(now.getTime() / 60_000);
  const count = await side.counts.increment(`shl:address:${clientAddress(request)}:${minute}`, 120_000);
  return count <= SHARE_REQUESTS_PER_MINUTE;
}

const tooMany = (now: Date) => json({ error: "Too many requests: try again in a minute." }, 429, { "Retry-After": String(60 - (Math.floor(now.getTime() / 1000) % 60)) });
const notActive = () => json({ error: "This link does not exist, has expired or was revoked." }, 404);
const unavailable = () => json({ error: "The portal cannot answer just now." }, 503, { "Retry-After": "30" });

/** What a manifest request may carry (the spec's body: recipient, passcode, embeddedLengthMax). */
function readManifestRequest(body: unknown): { recipient: string; passcode?: string; embeddedLengthMax?: number } | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const { recipient, passcode, embeddedLengthMax } = body as Record<string, unknown>;
  if (typeof recipient !== "string" || recipient.trim() === "" || recipient.length > 500) return null;
  if (passcode !== undefined && typeof passcode !== "string") return null;
  if (embeddedLengthMax !== undefined && (typeof embeddedLengthMax !== "number" || !Number.isInteger(embeddedLengthMax) || embeddedLengthMax < 0)) return null;
  return { recipient, passcode: passcode as string | undefined, embeddedLengthMax: embeddedLengthMax as number | undefined };
}

/**
 * POST /shl/<manifest id>: the SMART Health Link manifest request. 404 for a link that does not work
 * (unknown, expired, revoked, ended); 401 with `remainingAttempts` for a wrong or missing passcode
 * (only a wrong one is counted); the manifest, with the file embedded when the request allows its
 * length and otherwise at a one-use address that works five minutes.
 */
export async function manifestResponse(request: Request, manifestId: string, side: ReceivingSide): Promise<Response> {
  const now = side.now?.() ?? new Date();
  if (request.method !== "POST") return json({ error: "Use POST." }, 405, { Allow: "POST, OPTIONS" });
  try {
    if (!(await withinRate(side, request, now))) return tooMany(now);
  } catch {
    return unavailable();
  }
  if (!ID43.test(manifestId)) return notActive();
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  let body: unknown;
  try {
    const text = await request.text();
    if (type !== "application/json" || text.length > MANIFEST_BODY_BYTES) throw new Error("not JSON");
    body = JSON.parse(text);
  } catch {
    return json({ error: "The request must be JSON with a recipient." }, 400);
  }
  const asked = readManifestRequest(body);
  if (!asked) return json({ error: "The request must be JSON with a recipient." }, 400);
  const manifestHash = sha256(manifestId);
  try {
    if (asked.passcode === undefined || asked.passcode === "") {
      // A receiving app that did not ask its user: told how many tries are left, and nothing counted.
      const link = await side.store.working(manifestHash, now);
      if (!link) return notActive();
      return json({ remainingAttempts: Math.max(0, MAX_WRONG_PASSCODES - link.wrongPasscodes) }, 401);
    }
    const claimed = await side.store.claimTry(manifestHash, now);
    if (!claimed) {
      // Every try left is being checked by other requests right now: wait, rather than check one too many.
      return (await side.store.working(manifestHash, now)) ? tooMany(now) : notActive();
    }
    if (!(await passcodeMatches(asked.passcode, claimed.passcodeHash)) || !claimed.file) {
      const { ended } = await side.store.refused(claimed.id, now);
      recordUse(claimed, request, "share-passcode-wrong");
      if (ended) recordUse(claimed, request, "share-link-ended");
      return json({ remainingAttempts: Math.max(0, MAX_WRONG_PASSCODES - claimed.wrongPasscodes) }, 401);
    }
    await side.store.accepted(claimed.id, now);
    const file = claimed.file;
    const described = { contentType: FHIR_JSON, lastUpdated: claimed.createdAt.toISOString(), status: "finalized", fhirVersion: "4.0.1" };
    const entry =
      asked.embeddedLengthMax !== undefined && file.length <= asked.embeddedLengthMax
        ? { ...described, embedded: file }
        : { ...described, location: `${publicOriginOf(request, side.origin)}/shl/file/${await side.store.issueTicket(claimed.id, now)}` };
    recordUse(claimed, request, "share-manifest-fetched");
    return json({ files: [entry] });
  } catch (error) {
    if (error instanceof ShareLinksUnavailable) return unavailable();
    throw error;
  }
}

/** GET /shl/file/<ticket>: the encrypted file (application/jose), once per ticket, while the link works. */
export async function fileResponse(request: Request, ticket: string, side: ReceivingSide): Promise<Response> {
  const now = side.now?.() ?? new Date();
  try {
    if (!(await withinRate(side, request, now).catch(() => true))) return tooMany(now);
    if (!ID43.test(ticket)) return notActive();
    const link = await side.store.redeem(ticket, now);
    if (!link) return notActive();
    recordUse(link, request, "share-file-fetched");
    return new Response(link.file, { headers: { ...SHARE_CORS, "Content-Type": "application/jose" } });
  } catch (error) {
    if (error instanceof ShareLinksUnavailable) return unavailable();
    throw error;
  }
}

/** The receiving side as the portal runs it: its store and its state store. */
export function portalReceivingSide(counts: StateStore): ReceivingSide {
  return { store: shareLinkStore(), counts, origin: config.PORTAL_ORIGIN };
}
