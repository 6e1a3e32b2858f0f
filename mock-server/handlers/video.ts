import { createHmac } from "node:crypto";
import { MOCK_SDK_KEY } from "@contract/video";
import { withToken } from "./helpers";
import { mockArea, type AreaRoutes } from "../area";

/**
 * The practice's video function (1§7), played by the mock: a Meeting SDK signature, the HS256 JWT the
 * SDK expects, signed with a test secret that only the mock (and the tests that verify it) know.
 * A failing function is the fault mechanism's job (POST /__admin/worlds/:id/faults, path
 * "video/signature").
 */
export const MOCK_SDK_SECRET = "portal-mock-sdk-secret-not-for-real-meetings";

/** How long a signature lets its holder join: the SDK accepts 30 minutes to 48 hours. */
const SIGNATURE_LIFETIME_S = 2 * 60 * 60;

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

export function meetingSdkSignature(claims: { meetingNumber: string; role: number }, key = MOCK_SDK_KEY, secret = MOCK_SDK_SECRET, nowMs = Date.now()): string {
  // Real time, not the world's clock: Zoom checks iat and exp against its own.
  const iat = Math.floor(nowMs / 1000) - 30;
  const exp = iat + SIGNATURE_LIFETIME_S;
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = base64url(JSON.stringify({ appKey: key, sdkKey: key, mn: claims.meetingNumber, role: claims.role, iat, exp, tokenExp: exp }));
  const signature = createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

const videoRoutes = {
  videoSignature: withToken(({ body }) => ({ signature: meetingSdkSignature(body) })),
} satisfies AreaRoutes;

/** The area as the mock lists it (mock-server/areas.ts): its calls only, no data of its own. */
export const videoArea = mockArea({ routes: videoRoutes });
