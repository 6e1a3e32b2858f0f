import { config, type Config } from "./config.server";
import { RedisStateStore } from "./redis-state-store.server";
import { MemoryStateStore, type StateStore } from "./state-store.server";

/** The store a configuration asks for: Redis when REDIS_URL is set, otherwise this process's memory. */
export function createStateStore(settings: Pick<Config, "REDIS_URL">): StateStore {
  return settings.REDIS_URL ? new RedisStateStore(settings.REDIS_URL) : new MemoryStateStore();
}

/**
 * The portal's store, shared by its sessions, sign-in throttle and payment attempts: one a process, on
 * `globalThis`, so that every language's build (decisions/403) and the server's bundle share it.
 */
const KEY = Symbol.for("nz-patient-portal.state-store");
const holder = globalThis as unknown as Record<symbol, StateStore | undefined>;
export const stateStore: StateStore = (holder[KEY] ??= createStateStore(config));
