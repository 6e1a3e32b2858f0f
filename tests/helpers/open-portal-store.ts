/**
 * One process opening the portal store named by DATABASE_URL (or PORTAL_DATA_DIR), as a portal does at
 * start-up (migrations included), then closing it: for the tests of several processes starting at once.
 * It prints "ready" once its modules are loaded and opens the store when a line arrives on its standard
 * input, so that a test can start several at the same moment; then prints "opened" and exits 0, or
 * prints the reason and exits 1.
 */
import { once } from "node:events";
import { openPortalStore } from "~/.server/portal-store.server";

console.log("ready");
await once(process.stdin, "data");
process.stdin.pause();
try {
  const store = await openPortalStore({ DATABASE_URL: process.env.DATABASE_URL, PORTAL_DATA_DIR: process.env.PORTAL_DATA_DIR ?? "memory://" });
  await store.close();
  console.log("opened");
} catch (error) {
  console.log(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
