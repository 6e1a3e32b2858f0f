import { randomBytes } from "node:crypto";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { addressRange, DEVICE_ID_PATTERN, newDeviceMailTo } from "~/lib/devices";
import { deviceName } from "~/lib/device-name";
import { formatDateTime } from "~/lib/dates";
import { deviceMailTexts } from "~/lib/texts/devices";
import type { AccessAction } from "~/lib/access-kinds";
import { recordAccess, deviceLabel } from "../access-entries.server";
import { config } from "../config.server";
import { sendMail as portalSendMail, type SendMail } from "./mail.server";
import { observability } from "../observability.server";
import { portalStore, storeQueries, type PortalStore } from "../portal-store.server";
import { devices, type DeviceLabel } from "../portal-store/schema";
import { anonymousSessionId } from "../opaque-names.server";
import { clientAddress } from "../client-address.server";
import { signedCookie } from "../signed-cookie.server";

/** The devices an account holder signs in with: a signed cookie's id, noted at each sign-in; a new one recorded and e-mailed in the background (decisions/295). */

/** What the sign-in carries about the browser it happens in, read once where the password was accepted. */
export interface DeviceSighting {
  id: string;
  label: DeviceLabel;
  range: string;
}

const DEVICE_COOKIE_MAX_AGE = 400 * 24 * 60 * 60; // the longest a browser keeps a cookie (RFC 6265bis)

/** The device cookie, for one secret (the session's): tests make their own. */
export function createDeviceCookie(settings: { cookieSecure: boolean; sessionSecret: string }) {
  const cookie = signedCookie("__portal_device", { httpOnly: true, sameSite: "lax", secure: settings.cookieSecure, path: "/", maxAge: DEVICE_COOKIE_MAX_AGE, secrets: [settings.sessionSecret] });
  return {
    /** This browser's device: its id from the cookie, or a new one; its label and range from this request. */
    async sighting(request: Request): Promise<DeviceSighting> {
      const parsed: unknown = await cookie.parse(request.headers.get("Cookie"));
      const id = typeof parsed === "string" && DEVICE_ID_PATTERN.test(parsed) ? parsed : randomBytes(24).toString("base64url");
      return { id, label: deviceLabel(request.headers.get("User-Agent")), range: addressRange(clientAddress(request)) };
    },
    /** Set at each sign-in, so a browser in use keeps its id for another 400 days. */
    serialize: (id: string) => cookie.serialize(id),
  };
}

export type DeviceCookie = ReturnType<typeof createDeviceCookie>;
export const deviceCookie: DeviceCookie = createDeviceCookie(config);

export interface DeviceRow {
  deviceId: string;
  label: DeviceLabel;
  addressRange: string;
  firstSeen: Date;
  lastSeen: Date;
}

/** The portal's store could not be asked: the list says so plainly. */
export class DevicesUnavailable extends Error {
  constructor() {
    super("The devices list could not be read");
    this.name = "DevicesUnavailable";
  }
}

/** The store's side of devices, for one store (tests give theirs; the app uses the process's). */
export function deviceStore(opened: () => PortalStore | undefined = portalStore) {
  const run = storeQueries<"devices.read" | "devices.write">(opened, () => new DevicesUnavailable());

  /**
   * Notes a sign-in on a device: a new row, or last seen, label and range brought up to date. One
   * statement, so two sign-ins racing on a new device find it new once (`xmax = 0` holds only for the
   * row the statement inserted).
   */
  async function seen(holderKey: string, device: DeviceSighting, now = new Date()): Promise<{ isNew: boolean }> {
    const [row] = await run("devices.write", (db) =>
      db
        .insert(devices)
        .values({ holderKey, deviceId: device.id, label: device.label, addressRange: device.range, firstSeen: now, lastSeen: now })
        .onConflictDoUpdate({ target: [devices.holderKey, devices.deviceId], set: { label: device.label, addressRange: device.range, lastSeen: now } })
        .returning({ isNew: sql<boolean>`(xmax = 0)` }),
    );
    return { isNew: row?.isNew === true };
  }

  /** The holder's devices, the most recently seen first. */
  async function list(holderKey: string): Promise<DeviceRow[]> {
    return run("devices.read", (db) =>
      db
        .select({ deviceId: devices.deviceId, label: devices.label, addressRange: devices.addressRange, firstSeen: devices.firstSeen, lastSeen: devices.lastSeen })
        .from(devices)
        .where(eq(devices.holderKey, holderKey))
        .orderBy(desc(devices.lastSeen), devices.deviceId),
    );
  }

  /** Whether a sign-in has completed on this device for the holder (it is on their list). */
  async function known(holderKey: string, deviceId: string): Promise<boolean> {
    const [row] = await run("devices.read", (db) =>
      db
        .select({ deviceId: devices.deviceId })
        .from(devices)
        .where(and(eq(devices.holderKey, holderKey), eq(devices.deviceId, deviceId)))
        .limit(1),
    );
    return row !== undefined;
  }

  /** Takes one device off the holder's list; false when it was not on it (another holder's, or gone already). */
  async function forget(holderKey: string, deviceId: string): Promise<boolean> {
    const gone = await run("devices.write", (db) => db.delete(devices).where(and(eq(devices.holderKey, holderKey), eq(devices.deviceId, deviceId))).returning({ deviceId: devices.deviceId }));
    return gone.length === 1;
  }

  /** Takes every device but this one off the holder's list; answers how many went. */
  async function forgetAllBut(holderKey: string, keepDeviceId: string): Promise<number> {
    const gone = await run("devices.write", (db) => db.delete(devices).where(and(eq(devices.holderKey, holderKey), ne(devices.deviceId, keepDeviceId))).returning({ deviceId: devices.deviceId }));
    return gone.length;
  }

  return { seen, known, list, forget, forgetAllBut };
}

export type DeviceStore = ReturnType<typeof deviceStore>;

/** Who a device event belongs to, as the access record names them. */
export interface DeviceHolder {
  apiBase: string;
  holderId: string;
  holderKey: string;
  sessionId: string;
}

/** A device event on the holder's own access record (area devices): never an address or a device id. */
export function recordDevice(who: DeviceHolder, device: DeviceLabel, action: Extract<AccessAction, "new-device" | "device-signed-out">): void {
  try {
    recordAccess({ practice: who.apiBase, patientId: who.holderId, holderKey: who.holderKey, proxyName: null, area: "devices", action, userAgent: null, device, sessionId: anonymousSessionId(who.sessionId) });
  } catch {
    // Recording never fails a sign-in or a sign-out; recordAccess itself logs and counts what it loses.
  }
}

export interface DeviceNotices {
  store: DeviceStore;
  sendMail: SendMail | null;
}

/**
 * A sign-in completed on a device: noted, and when the device is new to the holder, recorded and
 * e-mailed to the sign-in address. The caller does not wait for it (the answer is for tests); it never
 * rejects: a store or mail failure is logged (its name only: the mail server's words can quote the
 * message) and counted, and the person signing in never sees it.
 */
export async function noteSignIn(notices: DeviceNotices, who: DeviceHolder & { username: string }, device: DeviceSighting, now = new Date()): Promise<{ isNew: boolean; mailed: boolean }> {
  let sighting: { isNew: boolean };
  try {
    sighting = await notices.store.seen(who.holderKey, device, now);
  } catch {
    // deviceStore logged it; the device is noted at its next sign-in.
    return { isNew: false, mailed: false };
  }
  if (sighting.isNew) recordDevice(who, device.label, "new-device");
  const to = newDeviceMailTo(sighting, who.username);
  if (!to || !notices.sendMail) return { isNew: sighting.isNew, mailed: false };
  try {
    await notices.sendMail({ to, subject: deviceMailTexts.subject, text: deviceMailTexts.body(deviceName(device.label), formatDateTime(now.getTime()), device.range) });
    return { isNew: true, mailed: true };
  } catch (error) {
    const { logger, mailFailures } = observability();
    mailFailures.inc({ mail: "new-device" });
    logger.error({ kind: "mail", mail: "new-device", error: error instanceof Error ? error.name : "unknown" }, "new-device mail not sent");
    return { isNew: true, mailed: false };
  }
}

/** The portal's own: its store and its mail. */
export const portalDevices: DeviceNotices = { store: deviceStore(), sendMail: portalSendMail };
