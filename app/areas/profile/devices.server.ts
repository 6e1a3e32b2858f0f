import { DevicesUnavailable, portalDevices, recordDevice, type DeviceRow } from "~/.server/sign-in-security/devices.server";
import { endDeviceSessions, endOtherSessions, startSession, signedInSessions, type SessionSighting, type SignedIn } from "~/.server/session.server";
import { requireSession } from "~/.server/proxy-access.server";
import { accountHolderKey } from "~/.server/opaque-names.server";
import { refuse, type Refusal, type StepResponse } from "~/.server/steps.server";
import { formatDateTime } from "~/lib/dates";
import { isLocalRange } from "~/lib/devices";
import { profileTexts as t } from "./texts";
import { deviceName } from "~/lib/device-name";
import { HealthCardsUnavailable, portalHealthCards } from "~/.server/health-cards.server";

/** Your devices on the profile: the holder's browsers and sessions, and Sign out for one or every other (decisions/295, 366, 377). */

export interface DeviceView {
  id: string;
  label: string;
  place: string;
  firstSeen: string;
  lastSeen: string;
  thisDevice: boolean;
  /** Sessions signed in on it now (decisions/366), this one included on this device: counted, never named. */
  sessions: number;
}

/** Your devices: the holder's browsers, and how many of the holder's sessions are signed in on browsers not on that list. */
export interface DevicesView {
  devices: DeviceView[];
  unlisted: number;
}

/** A row as the screen shows it: practice time, the portal's date format, the range in words. */
export function deviceView(row: DeviceRow, thisDeviceId: string | undefined, sessions: readonly SessionSighting[] = []): DeviceView {
  return {
    id: row.deviceId,
    label: deviceName(row.label),
    place: isLocalRange(row.addressRange) ? t.placeLocal(row.addressRange) : row.addressRange,
    firstSeen: formatDateTime(row.firstSeen.getTime()),
    lastSeen: formatDateTime(row.lastSeen.getTime()),
    thisDevice: row.deviceId === thisDeviceId,
    sessions: sessions.filter((s) => s.deviceId === row.deviceId).length,
  };
}

/** The holder's devices, this one first, with the sessions signed in on each; null when the portal's store cannot say just now. */
export async function devicesOf(request: Request): Promise<DevicesView | null> {
  const { user, session } = await requireSession(request);
  try {
    const [rows, sessions] = await Promise.all([portalDevices.store.list(accountHolderKey(user.apiBase, user.parentId)), signedInSessions(session)]);
    const views = rows.map((row) => deviceView(row, user.deviceId, sessions));
    const listed = new Set(rows.map((row) => row.deviceId));
    // A sign-in whose device could not be noted (the store was down) is still a session to end.
    const unlisted = sessions.filter((s) => !s.current && (s.deviceId === undefined || !listed.has(s.deviceId))).length;
    return { devices: [...views.filter((v) => v.thisDevice), ...views.filter((v) => !v.thisDevice)], unlisted };
  } catch (error) {
    if (error instanceof DevicesUnavailable) return null;
    throw error;
  }
}

/**
 * Your devices' Sign out: one device (`device`, the holder's own only), or every other session. Signing
 * out everywhere else starts this browser on a new session, whose cookie goes out with the answer.
 */
export async function devicesStep(step: "devices-sign-out" | "devices-sign-out-others", input: { device?: string }, signedIn: Pick<SignedIn, "user" | "session">, response: StepResponse): Promise<{ message: string } | Refusal> {
  const { user, session } = signedIn;
  const holderKey = accountHolderKey(user.apiBase, user.parentId);
  const who = { apiBase: user.apiBase, holderId: user.parentId, holderKey, sessionId: session.id };
  try {
    switch (step) {
      case "devices-sign-out": {
        const deviceId = input.device ?? "";
        const listed = (await portalDevices.store.list(holderKey)).find((row) => row.deviceId === deviceId);
        if (!listed) return refuse(t.deviceNotListed, { status: 404 });
        // Sessions first: a device off the list but still signed in would be worse than the reverse.
        const ended = await endDeviceSessions(session, { device: deviceId });
        if (deviceId === user.deviceId) {
          // This device stays on the list and this session signed in: only its other sessions end (decisions/366).
          if (ended === 0) return refuse(t.deviceIsThisOne, { status: 400 });
          recordDevice(who, listed.label, "device-signed-out");
          return { message: t.thisDeviceOthersSignedOut(ended) };
        }
        await portalDevices.store.forget(holderKey, deviceId);
        recordDevice(who, listed.label, "device-signed-out");
        return { message: t.deviceSignedOut(listed.label) };
      }
      case "devices-sign-out-others": {
        const rows = await portalDevices.store.list(holderKey);
        const others = rows.filter((row) => row.deviceId !== user.deviceId);
        const here = rows.find((row) => row.deviceId === user.deviceId);
        const herePeers = here ? (await signedInSessions(session)).filter((s) => !s.current && s.deviceId === here.deviceId).length : 0;
        // Every health card the holder kept, on any device, stands no more (decisions/405): first, so that
        // a store away changes nothing rather than half of it.
        await portalHealthCards.endAllOf(holderKey);
        // Every other session, whatever device it names: a copy of this browser's cookies too (decisions/366).
        await endOtherSessions(session);
        await portalDevices.store.forgetAllBut(holderKey, user.deviceId ?? "");
        for (const row of others) recordDevice(who, row.label, "device-signed-out");
        if (here && herePeers > 0) recordDevice(who, here.label, "device-signed-out");
        // This browser goes on under a new session id (issue 51): a copy of this very cookie, the same
        // session to the store, ends here too. Its page reads the new cookie from this answer.
        response.headers.append("Set-Cookie", await startSession(session, { ...session.data }));
        return { message: t.othersSignedOut };
      }
    }
  } catch (error) {
    if (error instanceof DevicesUnavailable || error instanceof HealthCardsUnavailable) return refuse(t.devicesUnavailable, { status: 503 });
    throw error;
  }
}
