import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { z } from "zod";
import { MOCK_SDK_KEY } from "@contract/video";
import { isAccessArea } from "~/lib/access-kinds";
import { DEFAULT_WHANAU_POLICY, type WhanauPolicy } from "~/lib/whanau-access";

/** A comma-separated list, each entry checked by `valid`; unset: the policy's default list. */
function listOf<T extends string>(valid: (entry: string) => entry is T, fallback: readonly T[], message: string) {
  return z
    .string()
    .optional()
    .transform((value) => (value === undefined ? [...fallback] : value.split(",").map((entry) => entry.trim()).filter((entry) => entry !== "")))
    .refine((entries): entries is T[] => entries.every(valid), { message });
}

const isWord = (pattern: RegExp) => (entry: string): entry is string => pattern.test(entry);

/**
 * The portal's configuration, read once from the environment and validated (DESIGN 6).
 * A bad value stops start-up with a message naming the variable.
 */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** The identity server that answers /api/Authentication with each user's practice API address. */
  PRACTICE_IDENTITY_URL: z.url({ message: "must be an http(s) URL, e.g. http://127.0.0.1:4010" }).default("http://127.0.0.1:4010"),
  /**
   * The practice API used before anyone has signed in (forgot password, login help): 1§7's fixed
   * default address. Defaults to {PRACTICE_IDENTITY_URL}/api/.
   */
  PRACTICE_API_URL: z.url({ message: "must be an http(s) URL" }).optional(),
  /**
   * The practice's create-payment-intent function, which keeps its own address (1§7). Unset: it is
   * called at the practice API, `{practice API}payments/create-payment-intent`, as the mock serves it.
   */
  PAYMENT_INTENT_URL: z.url({ message: "must be an http(s) URL" }).optional(),
  /**
   * The practice's video function, which keeps its own address (1§7) and answers a Meeting SDK
   * signature. Unset: it is called at the practice API, `{practice API}video/signature`, as the mock
   * serves it.
   */
  VIDEO_SIGNATURE_URL: z.url({ message: "must be an http(s) URL" }).optional(),
  /**
   * The practice's Zoom Meeting SDK key (public: it goes to the browser with every join; its secret
   * stays with the video function). Defaults to the mock's test key.
   */
  ZOOM_SDK_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{10,100}$/, { message: "must be a Zoom Meeting SDK key (letters, digits, - and _)" })
    .default(MOCK_SDK_KEY),
  /** Milliseconds before a practice API call is abandoned. */
  PRACTICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * Open connections this process keeps at most to each practice origin; further calls wait their
   * turn (decisions/052). The time waited counts toward PRACTICE_TIMEOUT_MS.
   */
  PRACTICE_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(10_000).default(64),
  /**
   * Page reads (GET) the process works on at once; more wait their turn, first come first served, and
   * the time a request waits for the practice does not count (decisions/390, app/.server/page-work.server.ts).
   */
  PORTAL_PAGES_AT_WORK: z.coerce.number().int().min(1).max(10_000).default(4),
  /**
   * Graceful shutdown (issue 34): on SIGTERM or SIGINT, /readyz answers 503 for SHUTDOWN_DRAIN_MS while
   * the process still takes connections (set it to the time your balancer needs to notice), then the
   * listener closes and requests in flight finish; after SHUTDOWN_TIMEOUT_MS in all, or at a second
   * signal, the process ends anyway.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(25_000),
  /**
   * Metrics in Prometheus's text format at `/metrics` on this port, bound to the portal's own host
   * (issue 34, decisions/262). Unset: no metrics listener at all.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional().or(z.literal("").transform(() => undefined)),
  /** How much the portal logs (one JSON line per request and per practice call at "info"); "silent" logs nothing. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Log lines are appended to this file (with the embedded mock's) instead of written to stdout. */
  LOG_FILE: z.string().optional().or(z.literal("").transform(() => undefined)),
  /** Signs the session-id cookie. Without one a random secret is made at start (sessions end on restart anyway). */
  SESSION_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  /** Marks the session cookie Secure; on by default in production, off for plain-http local runs. */
  COOKIE_SECURE: z.enum(["true", "false"]).optional(),
  /** Proof-of-work size of the captcha: higher is slower for bots and people alike. */
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(1_000).max(10_000_000).default(100_000),
  /** Unsuccessful sign-ins in 15 minutes before an account, or a client address, is paused. */
  SIGNIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(3).default(10),
  SIGNIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(3).default(50),
  /**
   * Forgot Password requests in 15 minutes for one account, and from one client address, that reach
   * the practice; each replaces the account's password with a temporary one (decisions/220).
   */
  FORGOT_PASSWORD_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(3),
  FORGOT_PASSWORD_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  /**
   * Documents (letters, resources, results, invoices, attachments, full pages) one account holder may
   * open within DOCUMENT_RATE_WINDOW_SECONDS before the portal slows them down (issue 36, decisions/226).
   */
  DOCUMENT_RATE_LIMIT: z.coerce.number().int().min(10).max(100_000).default(60),
  DOCUMENT_RATE_WINDOW_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /** Stripe's publishable key: card payments go through Stripe; unset, the built-in test provider (decisions/030). */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, { message: "must be a Stripe publishable key (pk_test_… or pk_live_…)" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * Redis shared by several portal processes for sessions, sign-in counts and payment attempts
   * (decisions/050). Unset: they are kept in this process, as a single portal needs.
   */
  REDIS_URL: z
    .string()
    .refine(isRedisUrl, { message: "must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * The reverse proxies in front of the portal, by address (IPs, CIDR ranges, `loopback`, `linklocal`, `uniquelocal`): only their
   * requests have the client taken from X-Forwarded-For. Hop counts, `true` and `*` are refused (decisions/008).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) => (value ?? "").split(",").map((entry) => entry.trim()).filter((entry) => entry !== ""))
    .refine((entries) => entries.every(isTrustedProxy), {
      message: "must list the proxies' addresses or CIDR ranges (e.g. 10.0.0.5, 10.1.0.0/16, loopback), not a number of hops or everyone",
    }),
  /**
   * The portal's own store (issue 31, decisions/270): a PostgreSQL server shared by every portal
   * process. Unset: an embedded PostgreSQL (PGlite) in PORTAL_DATA_DIR, for one process.
   */
  DATABASE_URL: z
    .string()
    .refine(isPostgresUrl, { message: "must be a postgres:// or postgresql:// URL, e.g. postgres://portal@127.0.0.1:5432/portal" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Where the embedded store keeps its files when DATABASE_URL is unset; `memory://` keeps none (tests). */
  PORTAL_DATA_DIR: z
    .string()
    .min(1)
    .optional()
    .or(z.literal("").transform(() => undefined))
    .transform((value) => value ?? ".data/portal-store"),
  /** Days an access record entry is kept before the daily purge removes it (default ten years). */
  ACCESS_RECORD_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(3_650),
  /** Days a device not seen since stays on Your devices before the same daily purge removes it (default 395, about 13 months; decisions/311). */
  DEVICE_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(395),
  /**
   * Where the portal sends its own mail (the second step's codes, decisions/277): smtp:// or smtps://,
   * with user and password in the address when the server wants them. Set by scripts/serve.ts to the
   * embedded mock's catcher when the mock is embedded. Unset: no code can be sent, so the second step
   * cannot be turned on.
   */
  SMTP_URL: z
    .string()
    .refine(isSmtpUrl, { message: "must be an smtp:// or smtps:// URL, e.g. smtp://127.0.0.1:2525" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** The sender of the portal's mail. */
  MAIL_FROM: z.string().min(3).default("Patient Portal <no-reply@portal.invalid>"),
  /** The portal's public origin: passkeys are bound to it (decisions/300), share links name it (decisions/326); unset, no passkeys can be added. */
  PORTAL_ORIGIN: z
    .string()
    .refine(isOrigin, { message: "must be the portal's origin alone, e.g. https://portal.example.nz (http only for localhost)" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** "1" or "true": every patient must have a second step; one without is taken through setting it up at sign-in. */
  REQUIRE_SECOND_STEP: z
    .enum(["1", "true", "0", "false", ""])
    .default("")
    .transform((value) => value === "1" || value === "true"),
  /**
   * Whānau access (issue 55, decisions/378 and 382; README "Whānau access"): from which birthday a
   * parent or guardian acting for a child sees the limited view, from which nothing (unless the young
   * person shares it), and from which the young person decides from their own sign-in.
   */
  WHANAU_LIMITED_FROM: z.coerce.number().int().min(0).max(25).default(DEFAULT_WHANAU_POLICY.limitedFrom),
  WHANAU_ADULT_FROM: z.coerce.number().int().min(0).max(25).default(DEFAULT_WHANAU_POLICY.adultFrom),
  WHANAU_DECIDES_FROM: z.coerce.number().int().min(0).max(25).default(DEFAULT_WHANAU_POLICY.decidesFrom),
  /** What the limited view shows: the access record's area words, comma-separated (the dashboard and the account chooser always). */
  WHANAU_LIMITED_AREAS: listOf(isAccessArea, DEFAULT_WHANAU_POLICY.limitedAreas, "must be area words of the access record, comma-separated (e.g. appointments,video,accounts)"),
  /** The practice's category codes (meta.tag or category) that keep an item from every proxy, at any age, beside restricted confidentiality. */
  WHANAU_CONFIDENTIAL_CATEGORIES: listOf(isWord(/^[A-Za-z0-9._-]{1,64}$/), DEFAULT_WHANAU_POLICY.confidentialCategories, "must be category codes, comma-separated (e.g. sexual-health,mental-health)"),
  /** The practice's words for a linked person who is the holder's child (Patient/ProxyUsers' relationship): only their record follows the ages. */
  WHANAU_CHILD_RELATIONSHIPS: listOf(isWord(/^[\p{L} '-]{1,40}$/u), DEFAULT_WHANAU_POLICY.childRelationships, "must be relationship words, comma-separated (e.g. Child,Son,Daughter)"),
})
  .refine((env) => env.WHANAU_LIMITED_FROM <= env.WHANAU_ADULT_FROM, { message: "must be at most WHANAU_ADULT_FROM", path: ["WHANAU_LIMITED_FROM"] })
  .refine((env) => env.WHANAU_DECIDES_FROM <= env.WHANAU_ADULT_FROM, { message: "must be at most WHANAU_ADULT_FROM", path: ["WHANAU_DECIDES_FROM"] })
  .refine((env) => !env.REDIS_URL || env.SESSION_SECRET, {
  // Every process must accept the cookies the others signed; a random secret each would sign everyone out.
  message: "must be set when REDIS_URL is, the same in every portal process",
  path: ["SESSION_SECRET"],
});

const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, a CIDR range with a prefix that leaves out someone (not /0), or a named range of Express's. */
function isTrustedProxy(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits >= 1 && bits <= (version === 4 ? 32 : 128);
}

function isRedisUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "redis:" || url.protocol === "rediss:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Only the scheme and a host are checked here: the server itself is asked at start-up (portal-store.server.ts). */
function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "postgres:" || url.protocol === "postgresql:") && url.hostname !== "";
  } catch {
    return false;
  }
}

export type Config = z.output<typeof ConfigSchema> & { PRACTICE_API_URL: string; sessionSecret: string; cookieSecure: boolean };

/**
 * The configuration an environment describes. The app uses `config` (from process.env); tests build
 * their own from a plain object, so no test has to reload modules to change a setting.
 */
/** An http(s) origin with nothing after it; plain http only for localhost, as browsers allow WebAuthn there alone. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    const bare = url.origin === value.replace(/\/$/, "");
    return bare && (url.protocol === "https:" || (url.protocol === "http:" && url.hostname === "localhost"));
  } catch {
    return false;
  }
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Without SESSION_SECRET, one made for this process: every language's build (decisions/403) signs with it. */
function processSecret(): string {
  const holder = globalThis as unknown as Record<symbol, string | undefined>;
  return (holder[Symbol.for("nz-patient-portal.session-secret")] ??= randomBytes(32).toString("hex"));
}

export function loadConfig(source: Record<string, string | undefined>): Config {
  const parsed = ConfigSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`The portal's configuration is invalid:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const identity = env.PRACTICE_IDENTITY_URL.endsWith("/") ? env.PRACTICE_IDENTITY_URL : `${env.PRACTICE_IDENTITY_URL}/`;
  const signedOutApi = env.PRACTICE_API_URL ?? `${identity}api/`;
  return {
    ...env,
    PRACTICE_IDENTITY_URL: identity,
    PRACTICE_API_URL: signedOutApi.endsWith("/") ? signedOutApi : `${signedOutApi}/`,
    sessionSecret: env.SESSION_SECRET ?? processSecret(),
    cookieSecure: env.COOKIE_SECURE ? env.COOKIE_SECURE === "true" : env.NODE_ENV === "production",
  };
}

export const config = loadConfig(process.env);

/** The whānau policy a configuration sets (decisions/378). */
export function whanauPolicyOf(settings: Pick<Config, "WHANAU_LIMITED_FROM" | "WHANAU_ADULT_FROM" | "WHANAU_DECIDES_FROM" | "WHANAU_LIMITED_AREAS" | "WHANAU_CONFIDENTIAL_CATEGORIES" | "WHANAU_CHILD_RELATIONSHIPS">): WhanauPolicy {
  return {
    limitedFrom: settings.WHANAU_LIMITED_FROM,
    adultFrom: settings.WHANAU_ADULT_FROM,
    decidesFrom: settings.WHANAU_DECIDES_FROM,
    limitedAreas: settings.WHANAU_LIMITED_AREAS,
    confidentialCategories: settings.WHANAU_CONFIDENTIAL_CATEGORIES,
    childRelationships: settings.WHANAU_CHILD_RELATIONSHIPS,
  };
}
