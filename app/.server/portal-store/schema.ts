import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { ACCESS_ACTIONS, ACCESS_AREAS, type AccessAction, type AccessArea } from "~/lib/access-kinds";

/**
 * The tables of the portal's own store (issue 31): what it adds to the practice's record, never the record itself;
 * a changed table needs a migration (`npm run db:generate`), applied by every process at start-up (decisions/270).
 */

// The closed sets live with the portal's isomorphic code (app/lib/access-kinds.ts): the area registry and the screen read them too.
export { ACCESS_ACTIONS, ACCESS_AREAS, type AccessAction, type AccessArea };

/** A device as a person would name it (decisions/270): browser and platform from a closed list each, no version, no fingerprint. */
export const BROWSERS = ["Edge", "Samsung Internet", "Opera", "Firefox", "Chrome", "Safari", "Another browser"] as const;
export const PLATFORMS = ["Android", "iPhone", "iPad", "Windows", "macOS", "ChromeOS", "Linux", "another device"] as const;
export type DeviceLabel = `${(typeof BROWSERS)[number]} on ${(typeof PLATFORMS)[number]}`;

/** The practice's opaque ids (patients, letters, messages...): never a name or free text. */
const ID_PATTERN = "^[A-Za-z0-9._:-]{1,128}$";

/**
 * The access record (issue 31): one row per page, item, download or change made through the portal.
 * Append-only: the portal inserts and the retention purge deletes; nothing updates a row.
 * Only ids, closed sets and a time; the one name is the proxy's own (the person who acted for the
 * patient, shown to the patient as who looked), never the patient's.
 */
export const accessEntries = pgTable(
  "access_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** When, in UTC; shown in the practice's time zone. */
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
    /** The practice, as a hash of its API address: patient ids are the practice's own. */
    practiceKey: text("practice_key").notNull(),
    /** Whose record: the practice's opaque id of the patient viewed. */
    patientId: text("patient_id").notNull(),
    /** Who: the account holder who signed in (accountHolderKey, the state store's name for them). */
    holderKey: text("holder_key").notNull(),
    /** Set only when the holder acted for someone else's record: the holder's name, as the practice gives it. */
    proxyName: text("proxy_name"),
    area: text("area", { enum: ACCESS_AREAS }).notNull(),
    /** The item's opaque id (a letter's, a message's), or none for a list or a page. */
    itemId: text("item_id"),
    action: text("action", { enum: ACCESS_ACTIONS }).notNull(),
    device: text("device").$type<DeviceLabel>().notNull(),
    /** The session's anonymous id (anonymousSessionId): which of the holder's sessions, never the session id. */
    sessionId: text("session_id").notNull(),
  },
  (t) => [
    // The screen's read: one patient's entries, newest first, at one practice.
    index("access_entries_by_patient").on(t.practiceKey, t.patientId, t.at.desc(), t.id.desc()),
    // The retention purge's read.
    index("access_entries_by_time").on(t.at),
    check("access_entries_action", sql`${t.action} in (${sql.raw(ACCESS_ACTIONS.map((a) => `'${a}'`).join(", "))})`),
    check("access_entries_area", sql`${t.area} ~ '^[a-z][a-z-]{1,31}$'`),
    check("access_entries_patient_id", sql`${t.patientId} ~ '${sql.raw(ID_PATTERN)}'`),
    check("access_entries_item_id", sql`${t.itemId} is null or ${t.itemId} ~ '${sql.raw(ID_PATTERN)}'`),
    check("access_entries_keys", sql`${t.practiceKey} ~ '^[A-Za-z0-9_-]{16,64}$' and ${t.holderKey} ~ '^[A-Za-z0-9_-]{16,64}$' and ${t.sessionId} ~ '^[A-Za-z0-9_-]{8,64}$'`),
    check("access_entries_device", sql`${t.device} ~ '^[A-Za-z ]{1,40} on [A-Za-z ]{1,20}$'`),
    // A person's name as practices write them: letters (any script), spaces, ' . - and no digits or line breaks.
    check("access_entries_proxy_name", sql`${t.proxyName} is null or (char_length(${t.proxyName}) between 1 and 100 and ${t.proxyName} !~ '[0-9\\n\\r\\t<>]')`),
  ],
);

/**
 * Second steps at sign-in (issue 31, decisions/277): one row per account holder who turned on the
 * e-mailed code. Keyed by the holder's key (accountHolderKey: the practice's address and the holder's
 * id, hashed), as sessions and the access record name the person who signs in; never a family member.
 */
export const secondSteps = pgTable(
  "second_steps",
  {
    holderKey: text("holder_key").primaryKey(),
    /** The only kind so far: a six-digit code e-mailed to the sign-in address. */
    method: text("method", { enum: ["email"] }).notNull(),
    turnedOnAt: timestamp("turned_on_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [check("second_steps_holder_key", sql`${t.holderKey} ~ '^[A-Za-z0-9_-]{16,64}$'`), check("second_steps_method", sql`${t.method} in ('email')`)],
);

/**
 * The codes of second steps, hashed (never the code itself): e-mailed codes (expiring) and recovery
 * codes (until used or replaced). A code is used by one UPDATE that sets used_at where it was null,
 * so two requests racing with the same code cannot both pass.
 */
export const secondStepCodes = pgTable(
  "second_step_codes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    holderKey: text("holder_key").notNull(),
    kind: text("kind", { enum: ["email", "recovery"] }).notNull(),
    /**
     * What an e-mailed code was sent for (issue 51): signing in, confirming a change, turning the code on.
     * A code works only for its own purpose, and a new one replaces only the earlier one of that purpose,
     * so asking for a code to confirm a change never spends or replaces the code of a sign-in under way.
     */
    purpose: text("purpose", { enum: ["sign-in", "confirm", "turn-on"] }),
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    /** E-mailed codes only. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("second_step_codes_by_holder").on(t.holderKey, t.kind),
    check("second_step_codes_kind", sql`${t.kind} in ('email', 'recovery')`),
    check("second_step_codes_hash", sql`${t.codeHash} ~ '^[A-Za-z0-9_-]{43}$'`),
    check("second_step_codes_expiry", sql`(${t.kind} = 'email') = (${t.expiresAt} is not null)`),
    check("second_step_codes_purpose", sql`(${t.kind} = 'email') = (${t.purpose} is not null) and (${t.purpose} is null or ${t.purpose} in ('sign-in', 'confirm', 'turn-on'))`),
  ],
);

/** The browsers an account holder has signed in with: a label, the address's range, two times, no fingerprint (decisions/295, 310, 311). */
export const devices = pgTable(
  "devices",
  {
    holderKey: text("holder_key").notNull(),
    deviceId: text("device_id").notNull(),
    label: text("label").$type<DeviceLabel>().notNull(),
    /** "203.0.113.x", "2001:db8:1::/48" or "unknown": the range it was last seen from (decisions/310). */
    addressRange: text("address_range").notNull(),
    firstSeen: timestamp("first_seen", { withTimezone: true, mode: "date" }).notNull(),
    lastSeen: timestamp("last_seen", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.holderKey, t.deviceId] }),
    check("devices_keys", sql`${t.holderKey} ~ '^[A-Za-z0-9_-]{16,64}$' and ${t.deviceId} ~ '^[A-Za-z0-9_-]{16,64}$'`),
    check("devices_label", sql`${t.label} ~ '^[A-Za-z ]{1,40} on [A-Za-z ]{1,20}$'`),
    check("devices_address_range", sql`${t.addressRange} ~ '^[0-9a-fA-F.:x/]{1,48}$' or ${t.addressRange} = 'unknown'`),
  ],
);

/** Share links of the health summary (issue 32; decisions/305-307): never the link itself, only a hash of its manifest id, the summary encrypted with its key, and the passcode hashed. */
export const shareLinks = pgTable(
  "share_links",
  {
    /** The link's own id in the portal (16 random bytes, base64url): the list and the access record name it; it opens nothing. */
    id: text("id").primaryKey(),
    /** SHA-256 (base64url) of the manifest id in the link's address (32 random bytes): the link finds its row by it. */
    manifestHash: text("manifest_hash").notNull().unique(),
    /** The practice, as the access record names it (a hash of its API address). */
    practiceKey: text("practice_key").notNull(),
    /** Whose summary: the practice's opaque id of the person summarised. */
    patientId: text("patient_id").notNull(),
    /** Who made it: the account holder's key (the patient, or a proxy acting for them). */
    holderKey: text("holder_key").notNull(),
    /** The maker's short description (at most 80 characters), shown in the list and carried in the link. */
    label: text("label"),
    /** scrypt$<salt>$<hash>, both base64url. */
    passcodeHash: text("passcode_hash").notNull(),
    /** The summary as a compact JWE (dir, A256GCM) under the link's key; null once the link no longer works. */
    file: text("file"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    /** Set when the wrong passcodes reached their limit. */
    endedAt: timestamp("ended_at", { withTimezone: true, mode: "date" }),
    /** Wrong passcodes so far, with the tries being checked at this moment (each try is counted before it is checked). */
    wrongPasscodes: integer("wrong_passcodes").notNull().default(0),
    /** Manifests handed over (right passcode). */
    uses: integer("uses").notNull().default(0),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("share_links_by_patient").on(t.practiceKey, t.patientId, t.createdAt.desc()),
    index("share_links_by_expiry").on(t.expiresAt),
    check("share_links_id", sql`${t.id} ~ '^[A-Za-z0-9_-]{22}$'`),
    check("share_links_manifest_hash", sql`${t.manifestHash} ~ '^[A-Za-z0-9_-]{43}$'`),
    check("share_links_keys", sql`${t.practiceKey} ~ '^[A-Za-z0-9_-]{16,64}$' and ${t.holderKey} ~ '^[A-Za-z0-9_-]{16,64}$'`),
    check("share_links_patient_id", sql`${t.patientId} ~ '${sql.raw(ID_PATTERN)}'`),
    check("share_links_label", sql`${t.label} is null or (char_length(${t.label}) between 1 and 80 and ${t.label} !~ '[[:cntrl:]]')`),
    check("share_links_passcode_hash", sql`${t.passcodeHash} ~ '^scrypt\\$[A-Za-z0-9_-]{22}\\$[A-Za-z0-9_-]{43}$'`),
    check("share_links_file", sql`${t.file} is null or ${t.file} ~ '^[A-Za-z0-9_-]+\\.\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$'`),
    check("share_links_times", sql`${t.expiresAt} > ${t.createdAt}`),
    check("share_links_counts", sql`${t.wrongPasscodes} >= 0 and ${t.uses} >= 0`),
  ],
);

/**
 * The short-lived addresses of a link's file (the manifest's `location`): one per manifest handed over,
 * usable once and for at most five minutes, kept as a hash. A row goes with its link.
 */
export const shareLinkTickets = pgTable(
  "share_link_tickets",
  {
    ticketHash: text("ticket_hash").primaryKey(),
    linkId: text("link_id")
      .notNull()
      .references(() => shareLinks.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("share_link_tickets_by_link").on(t.linkId), check("share_link_tickets_hash", sql`${t.ticketHash} ~ '^[A-Za-z0-9_-]{43}$'`)],
);

/** Passkeys (decisions/300): only what checking an assertion needs and what the holder sees; every lookup names the holder too. */
export const passkeys = pgTable(
  "passkeys",
  {
    /** The credential's id, base64url, as the browser gives it. */
    credentialId: text("credential_id").primaryKey(),
    holderKey: text("holder_key").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The authenticator's signature counter as last seen (0 for authenticators that keep none). */
    counter: bigint("counter", { mode: "number" }).notNull(),
    /** The transports the browser reported ("internal", "usb", "hybrid"...), comma-separated; may be empty. */
    transports: text("transports").notNull(),
    /** The holder's own name for it ("Work laptop"): shown to them alone, never recorded or logged. */
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    /** The browser it was added from, as a label of the closed lists ("Chrome on Windows"): how a holder tells a passkey they did not add (issue 51). Null for passkeys added before it was kept. */
    addedFrom: text("added_from"),
    /** Whether its authenticator derives secrets (WebAuthn's PRF extension), as the browser said when it was added: what locks a health card kept on a device (issue 71, decisions/405). Null for passkeys added before it was asked. */
    prf: boolean("prf"),
  },
  (t) => [
    index("passkeys_by_holder").on(t.holderKey),
    check("passkeys_added_from", sql`${t.addedFrom} is null or ${t.addedFrom} ~ '^[A-Za-z ]{1,40} on [A-Za-z ]{1,20}$'`),
    // PostgreSQL's regular expressions count to 255 at most: the lengths are checked apart.
    check(
      "passkeys_keys",
      sql`${t.holderKey} ~ '^[A-Za-z0-9_-]{16,64}$' and ${t.credentialId} ~ '^[A-Za-z0-9_-]{16,}$' and char_length(${t.credentialId}) <= 1400 and ${t.publicKey} ~ '^[A-Za-z0-9_-]{16,}$' and char_length(${t.publicKey}) <= 2000`,
    ),
    check("passkeys_counter", sql`${t.counter} >= 0`),
    check("passkeys_transports", sql`${t.transports} ~ '^[a-z-]{0,20}(,[a-z-]{1,20}){0,7}$'`),
    check("passkeys_name", sql`char_length(${t.name}) between 1 and 60 and ${t.name} !~ '[\\n\\r\\t<>]'`),
  ],
);

/** How much a young person shares with a parent or guardian (decisions/378): the policy's three views. */
export const PROXY_VIEWS = ["full", "limited", "none"] as const;

/** Whānau access (decisions/382): each parent seen acting for a young person, and the young person's choice for them (`view`, null for the rules). */
export const whanauParents = pgTable(
  "whanau_parents",
  {
    /** The practice, as the access record names it (a hash of its API address). */
    practiceKey: text("practice_key").notNull(),
    /** The young person: the practice's opaque id of the record viewed. */
    patientId: text("patient_id").notNull(),
    /** The parent or guardian (accountHolderKey). */
    holderKey: text("holder_key").notNull(),
    /** The parent's own record at the practice (its opaque id): the young person's choices are on its access record too. */
    holderId: text("holder_id").notNull(),
    /** The parent's name as the practice gives it, for the young person's list; a name's characters only. */
    holderName: text("holder_name").notNull(),
    /** Who the young person is to the parent, as the practice lists it ("Child", "Daughter"). */
    relationship: text("relationship").notNull(),
    firstSeen: timestamp("first_seen", { withTimezone: true, mode: "date" }).notNull(),
    /** The young person's choice for this parent; null: none, the rules for the age decide. */
    view: text("view", { enum: PROXY_VIEWS }),
    chosenAt: timestamp("chosen_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    primaryKey({ columns: [t.practiceKey, t.patientId, t.holderKey] }),
    check("whanau_parents_keys", sql`${t.practiceKey} ~ '^[A-Za-z0-9_-]{16,64}$' and ${t.holderKey} ~ '^[A-Za-z0-9_-]{16,64}$'`),
    check("whanau_parents_ids", sql`${t.patientId} ~ '${sql.raw(ID_PATTERN)}' and ${t.holderId} ~ '${sql.raw(ID_PATTERN)}'`),
    check("whanau_parents_holder_name", sql`char_length(${t.holderName}) between 1 and 100 and ${t.holderName} !~ '[0-9\\n\\r\\t<>]'`),
    check("whanau_parents_relationship", sql`char_length(${t.relationship}) between 1 and 40`),
    check("whanau_parents_view", sql`(${t.view} is null) = (${t.chosenAt} is null) and (${t.view} is null or ${t.view} in ('full', 'limited', 'none'))`),
  ],
);

/**
 * Health cards kept on a device (issue 71, decisions/405): one row per copy, so that the copy can be
 * vouched for when its device is next online. Never the card: it is made on the device and encrypted
 * there under the passkey, and nothing of it, nor of its key, reaches the portal's store.
 */
export const healthCards = pgTable(
  "health_cards",
  {
    /** The copy's id (16 random bytes, base64url): the device asks by it whether the copy still stands. */
    copyId: text("copy_id").primaryKey(),
    /** Who kept it: the account holder's key (the patient, or a proxy acting for them). */
    holderKey: text("holder_key").notNull(),
    /** The passkey it is locked with: removing that passkey ends the copy. */
    credentialId: text("credential_id").notNull(),
    madeAt: timestamp("made_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    index("health_cards_by_holder").on(t.holderKey),
    index("health_cards_by_expiry").on(t.expiresAt),
    check("health_cards_keys", sql`${t.copyId} ~ '^[A-Za-z0-9_-]{22}$' and ${t.holderKey} ~ '^[A-Za-z0-9_-]{16,64}$' and ${t.credentialId} ~ '^[A-Za-z0-9_-]{16,}$' and char_length(${t.credentialId}) <= 1400`),
    check("health_cards_times", sql`${t.expiresAt} > ${t.madeAt}`),
  ],
);
