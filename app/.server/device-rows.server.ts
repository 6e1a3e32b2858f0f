import { and, eq, lt } from "drizzle-orm";
import { addressRange } from "~/lib/devices";
import { currentRequestId, observability } from "./observability.server";
import { portalStore, type PortalStore } from "./portal-store.server";
import { devices } from "./portal-store/schema";
import { clientAddress } from "./client-address.server";

/** A device's "last seen" is its last request, written by each session at most once per DEVICE_SEEN_INTERVAL_MS, in the background (decisions/310). */

/** At most one write of a session's last seen in this long. */
export const DEVICE_SEEN_INTERVAL_MS = 5 * 60 * 1000;

export interface DeviceRequest {
  holderKey: string;
  deviceId: string;
  request: Request;
  at: Date;
}

/**
 * Moves the device's last seen (and the address range it was seen from) on to this request. Only a
 * row that exists (a device signed out has none, and no session either) and only forward in time.
 * Returns at once; never throws.
 */
export function noteDeviceRequest({ holderKey, deviceId, request, at }: DeviceRequest, store: PortalStore | undefined = portalStore()): void {
  const lost = (reason: string) => {
    const { logger, portalStoreWritesLost } = observability();
    portalStoreWritesLost.inc({ operation: "devices.write" });
    logger.error({ kind: "portal-store", operation: "devices.write", requestId: currentRequestId(), error: reason }, "device last seen not written");
  };
  if (!store) return lost("no store");
  try {
    const range = addressRange(clientAddress(request));
    store.write("devices.write", (db) =>
      db
        .update(devices)
        .set({ lastSeen: at, addressRange: range })
        .where(and(eq(devices.holderKey, holderKey), eq(devices.deviceId, deviceId), lt(devices.lastSeen, at))),
    );
  } catch (error) {
    lost(error instanceof Error ? error.name : "unknown");
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the devices not seen for `days` before `now` (DEVICE_RETENTION_DAYS, decisions/311): their
 * sessions ended long ago (a session lives 12 hours at most), so the row says only that a browser
 * once signed in. Run by the access record's retention purge, on its daily timer. Answers how many.
 */
export async function purgeDevices(store: PortalStore, { now, days }: { now: Date; days: number }): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const gone = await store.run("devices.write", (db) => db.delete(devices).where(lt(devices.lastSeen, cutoff)).returning({ deviceId: devices.deviceId }));
  return gone.length;
}
