import fc from "fast-check";
import type { Endpoint } from "@contract/endpoints";
import { RawReply, type RoomRow, type Shape } from "@contract/room/shapes";
import type { FaultRequest, TestWorld } from "./mock-world";

/**
 * Generated replies from the room the spec leaves (issue 68, decisions/396), for property tests that
 * drive a screen's loader or a step with them. Where a spec world sends one shape per record, these
 * compose several: each record of our reply takes any subset of the row's record shapes, in order, and
 * the whole one of its reply shapes. The reply reaches the portal through the fault API's `answer`
 * (JSON) or `answerBody` (a raw reply), which the mock sends unchecked, once. Use a world of our own
 * practice (not "spec"), so that `oursAsSent` is ours and every shape is the generator's.
 *
 *   const ours = await oursAsSent(world, s.token, endpoints.conditions, { PatientID: s.id, … });
 *   await fc.assert(fc.asyncProperty(roomReply(ROOM.conditions, ours), async ({ reply }) => {
 *     await world.fault(answeredWith(endpoints.conditions, reply));
 *     const view = await diagnosesPage(context, url); // never throws; says "Not recorded" where a field is missing
 *   }));
 */

/** A reply in the room of `row`, made from `ours` (the reply our mock sends, as it came off the wire). */
export function roomReply(row: RoomRow, ours: unknown): fc.Arbitrary<{ reply: unknown; shapes: string[] }> {
  const records = recordsOf(row, ours);
  const recordShapes = row.records?.shapes ?? [];
  const perRecord = fc.array(fc.subarray(recordShapes as Shape[]), { minLength: records, maxLength: records });
  return fc.record({ perRecord, whole: fc.constantFrom(...row.replies) }).map(({ perRecord: chosen, whole }) => {
    let position = 0;
    const shaped = row.records ? mapRecords(ours, row.records.at, (record) => chosen[position++].reduce((value, s) => s.apply(value, { body: undefined }), record)) : ours;
    const reply = whole.apply(shaped, { body: undefined });
    return { reply, shapes: [whole.name, ...chosen.map((list) => list.map((s) => s.name).join(" + ") || "as sent")] };
  });
}

/** The fault that makes `world`'s next call of `endpoint` answer `reply`, carried out first as any call. */
export function answeredWith(endpoint: Endpoint, reply: unknown): FaultRequest {
  const where = { path: endpoint.path, method: endpoint.method, times: 1 };
  if (reply instanceof RawReply) return { ...where, status: reply.status, answerBody: reply.body, contentType: reply.contentType };
  return { ...where, answer: reply };
}

/** Ours as the mock sends it: the call made straight to the world's practice with a signed-in token. */
export async function oursAsSent(world: TestWorld, token: string, endpoint: Endpoint, query: Record<string, string>): Promise<unknown> {
  const url = new URL(endpoint.path, world.apiUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  if (endpoint.tokenIn === "query") url.searchParams.set("Token", token);
  const res = await fetch(url, { method: endpoint.method, headers: { Token: token } });
  if (!res.ok) throw new Error(`${endpoint.method} ${endpoint.path}: HTTP ${res.status}`);
  return res.json();
}

function recordsOf(row: RoomRow, reply: unknown): number {
  let count = 0;
  if (row.records) mapRecords(reply, row.records.at, (record) => (count++, record));
  return count;
}

function mapRecords(reply: unknown, at: "bundle" | "list", change: (record: unknown) => unknown): unknown {
  if (at === "list") return Array.isArray(reply) ? reply.map(change) : reply;
  if (!Array.isArray(reply) || reply.length === 0) return reply;
  const [first, ...others] = reply as Array<{ entry?: Array<{ resource?: unknown }> }>;
  if (!Array.isArray(first?.entry)) return reply;
  return [{ ...first, entry: first.entry.map((item) => ({ ...item, resource: change(item.resource) })) }, ...others];
}
