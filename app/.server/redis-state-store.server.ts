import { Redis } from "ioredis";
import { data } from "react-router";
import { errorsTexts } from "~/lib/texts/errors";
import type { StateStore } from "./state-store.server";
import { currentRequestId, observability } from "./observability.server";
import { redactServerUrl } from "@contract/redact";

/** The state store in Redis: each method one command or Lua script, and a Redis that stops answering is a 503, never a guess (decisions/050). */

const KEY_PREFIX = "portal:";

/** Replaces the value only if it is still ARGV[1]; the whole check-and-write runs inside Redis. */
const COMPARE_AND_SET = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0`;

/** INCR and, on the first one only, the expiry: one step, so no counter is left without a window. */
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** DECR only on a live counter (a DECR on an expired key would make one with no expiry), never below 0. */
const DECREMENT = `
local count = tonumber(redis.call('GET', KEYS[1]))
if not count then return 0 end
if count <= 1 then redis.call('DEL', KEYS[1]) return 0 end
return redis.call('DECR', KEYS[1])`;

/**
 * The counters at KEYS summed and, only while under ARGV[1], KEYS[1] incremented (its expiry set on the
 * first): one step, so parallel callers on any process are each counted or refused exactly.
 */
const INCREMENT_IF_UNDER = `
local counts = {}
local total = 0
for i, key in ipairs(KEYS) do
  counts[i] = tonumber(redis.call('GET', key)) or 0
  total = total + counts[i]
end
local added = 0
if total < tonumber(ARGV[1]) then
  added = 1
  counts[1] = redis.call('INCR', KEYS[1])
  if counts[1] == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
end
table.insert(counts, 1, added)
return counts`;

/** SADD and an expiry that only ever grows: a set outlives every member added to it with a shorter life. */
const ADD_MEMBER = `
redis.call('SADD', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1`;

/**
 * Every member but ARGV[1] read and removed inside Redis: two callers taking at once never both get a
 * member, and one added meanwhile is either taken or left, never removed unseen.
 */
const TAKE_MEMBERS = `
local taken = {}
for _, member in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if member ~= ARGV[1] then
    redis.call('SREM', KEYS[1], member)
    taken[#taken + 1] = member
  end
end
return taken`;

function unavailable(error: unknown): never {
  const { logger, stateStoreErrors } = observability();
  stateStoreErrors.inc({ store: "redis" });
  logger.error({ kind: "state-store", store: "redis", requestId: currentRequestId(), error: error instanceof Error ? error.message : String(error) }, "session store command failed");
  throw data({ message: errorsTexts.stateUnavailable }, { status: 503 });
}

export class RedisStateStore implements StateStore {
  readonly #redis: Redis;
  /** Registered with the process's closers (scripts/serve.ts), removed when closed earlier. */
  readonly #closer = () => this.close();

  constructor(url: string, options: { commandTimeoutMs?: number } = {}) {
    this.#redis = new Redis(url, {
      keyPrefix: KEY_PREFIX,
      // A command waits for one reconnection at most, then fails: a patient gets the 503 page in
      // seconds rather than a page that hangs while Redis is away.
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeoutMs ?? 2_000,
      retryStrategy: (times) => Math.min(times * 200, 2_000),
    });
    // Connection errors are reported per command (above); without a listener ioredis logs each retry.
    this.#redis.on("error", () => undefined);
    // Closed with the process (scripts/serve.ts), once requests in flight have been answered.
    observability().closers.add(this.#closer);
  }

  async #run<T>(command: (redis: Redis) => Promise<T>): Promise<T> {
    try {
      return await command(this.#redis);
    } catch (error) {
      return unavailable(error);
    }
  }

  get(key: string) {
    return this.#run((r) => r.get(key));
  }

  async set(key: string, value: string, ttlMs: number, options: { onlyIfPresent?: boolean } = {}) {
    const reply = await this.#run((r) => (options.onlyIfPresent ? r.set(key, value, "PX", ttlMs, "XX") : r.set(key, value, "PX", ttlMs)));
    return reply === "OK";
  }

  async compareAndSet(key: string, expected: string | null, next: string, ttlMs: number) {
    if (expected === null) return (await this.#run((r) => r.set(key, next, "PX", ttlMs, "NX"))) === "OK";
    return (await this.#run((r) => r.eval(COMPARE_AND_SET, 1, key, expected, next, String(ttlMs)))) === 1;
  }

  async increment(key: string, ttlMs: number) {
    return Number(await this.#run((r) => r.eval(INCREMENT, 1, key, String(ttlMs))));
  }

  async decrement(key: string) {
    await this.#run((r) => r.eval(DECREMENT, 1, key));
  }

  async incrementIfUnder(keys: string[], limit: number, ttlMs: number) {
    const [added, ...counts] = (await this.#run((r) => r.eval(INCREMENT_IF_UNDER, keys.length, ...keys, String(limit), String(ttlMs)))) as number[];
    return { added: added === 1, counts };
  }

  async touch(key: string, ttlMs: number) {
    await this.#run((r) => r.pexpire(key, ttlMs));
  }

  async addMember(key: string, member: string, ttlMs: number) {
    await this.#run((r) => r.eval(ADD_MEMBER, 1, key, member, String(ttlMs)));
  }

  async removeMember(key: string, member: string) {
    await this.#run((r) => r.srem(key, member));
  }

  async takeMembers(key: string, keep = "") {
    return (await this.#run((r) => r.eval(TAKE_MEMBERS, 1, key, keep))) as string[];
  }

  members(key: string) {
    return this.#run((r) => r.smembers(key));
  }

  async delete(key: string) {
    await this.#run((r) => r.del(key));
  }

  async close() {
    observability().closers.delete(this.#closer);
    await quitGracefully(this.#redis);
  }
}

/**
 * Closes a connection as a shutdown should: QUIT, which Redis answers after the replies to the commands
 * already sent, so nothing in flight is cut off. Both connections bound every command (commandTimeout),
 * QUIT included, so a Redis that never answers holds the shutdown two seconds at most; then the socket is closed.
 */
async function quitGracefully(redis: Redis): Promise<void> {
  await redis.quit().catch(() => undefined);
  redis.disconnect();
}

/**
 * /readyz's check that Redis answers (server-health.ts): one connection of its own, kept and
 * reconnected by ioredis, that never queues a command while Redis is away, so the check fails at once.
 */
export function redisReadiness(url: string) {
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 2_000, commandTimeout: 2_000 });
  redis.on("error", () => undefined);
  void redis.connect().catch(() => undefined);
  return {
    name: "redis",
    async check() {
      await redis.ping();
    },
    close() {
      return quitGracefully(redis);
    },
  };
}

/**
 * Start-up's check that Redis answers (scripts/serve.ts): resolves, or rejects with a message naming
 * REDIS_URL and the reason, after at most `timeoutMs`.
 */
export async function checkRedis(url: string, timeoutMs = 5_000): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: timeoutMs, commandTimeout: timeoutMs });
  redis.on("error", () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`The portal cannot reach Redis at ${redactServerUrl(url)} (REDIS_URL): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    redis.disconnect();
  }
}
