import { data } from "react-router";
import { DevicesUnavailable, portalDevices, recordDevice, type DeviceRow } from "../../.server/devices.server";
import { accountHolderKey, endDeviceSessions, endOtherSessions, requireSession } from "../../.server/session.server";
import { formatDateTime } from "../../lib/dates";
import { isLocalRange } from "../../lib/devices";
import type { DevicesReply } from "./forms";
import { profileTexts as t } from "./texts";

/**
 * Your devices on the profile (decisions/295), beside Sign-in security and posted to the profile's own
 * action as it is (intents starting "devices-"): the account holder's browsers, and Sign out for one
 * or for every other. Always the holder's own, whoever's record is being viewed. Signing out deletes
 * the device's sessions in the state store, so its next request is signed out, and is recorded on the
 * holder's access record.
 */

export const DEVICES = "devices-";

export interface DeviceView {
  id: string;
  label: string;
  place: string;
  firstSeen: string;
  lastSeen: string;
  thisDevice: boolean;
}

/** A row as the screen shows it: practice time, the portal's date format, the range in words. */
export function deviceView(row: DeviceRow, thisDeviceId: string | undefined): DeviceView {
  return {
    id: row.deviceId,
    label: row.label,
    place: isLocalRange(row.addressRange) ? t.placeLocal(row.addressRange) : row.addressRange,
    firstSeen: formatDateTime(row.firstSeen.getTime()),
    lastSeen: formatDateTime(row.lastSeen.getTime()),
    thisDevice: row.deviceId === thisDeviceId,
  };
}

/** The holder's devices, this one first; null when the portal's store cannot say just now. */
export async function devicesOf(request: Request): Promise<DeviceView[] | null> {
  const { user } = await requireSession(request);
  try {
    const rows = await portalDevices.store.list(accountHolderKey(user.apiBase, user.parentId));
    const views = rows.map((row) => deviceView(row, user.deviceId));
    return [...views.filter((v) => v.thisDevice), ...views.filter((v) => !v.thisDevice)];
  } catch (error) {
    if (error instanceof DevicesUnavailable) return null;
    throw error;
  }
}

export async function devicesAction(request: Request, form: FormData) {
  const { user, session } = await requireSession(request);
  const holderKey = accountHolderKey(user.apiBase, user.parentId);
  const who = { apiBase: user.apiBase, holderId: user.parentId, holderKey, sessionId: session.id };
  const intent = String(form.get("intent") ?? "");
  const answer = (ok: boolean, message: string, status = 200) => data<DevicesReply>({ ok, intent, message }, { status, headers: { "Cache-Control": "no-store" } });
  try {
    switch (intent.slice(DEVICES.length)) {
      case "sign-out": {
        const deviceId = String(form.get("device") ?? "");
        if (deviceId === user.deviceId) return answer(false, t.deviceIsThisOne, 400);
        const listed = (await portalDevices.store.list(holderKey)).find((row) => row.deviceId === deviceId);
        if (!listed) return answer(false, t.deviceNotListed, 404);
        // Sessions first: a device off the list but still signed in would be worse than the reverse.
        await endDeviceSessions(session, { device: deviceId });
        await portalDevices.store.forget(holderKey, deviceId);
        recordDevice(who, listed.label, "device-signed-out");
        return answer(true, t.deviceSignedOut(listed.label));
      }
      case "sign-out-others": {
        const others = (await portalDevices.store.list(holderKey)).filter((row) => row.deviceId !== user.deviceId);
        // A session from before the devices list names no device: every other session ends then.
        if (user.deviceId) await endDeviceSessions(session, { allBut: user.deviceId });
        else await endOtherSessions(session);
        await portalDevices.store.forgetAllBut(holderKey, user.deviceId ?? "");
        for (const row of others) recordDevice(who, row.label, "device-signed-out");
        return answer(true, t.othersSignedOut);
      }
      default:
        return answer(false, "Unknown request", 400);
    }
  } catch (error) {
    if (error instanceof DevicesUnavailable) return answer(false, t.devicesUnavailable, 503);
    throw error;
  }
}
