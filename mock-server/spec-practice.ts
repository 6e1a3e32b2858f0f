import { z } from "zod";
import type { Endpoint } from "@contract/endpoints";
import type { WorldEndpointName } from "./world-endpoints";

/**
 * A practice as 1§7 and 2§7 describe it, and no more (issue 52, decisions/372): what a world created
 * with `practice: "spec"` does differently from ours. The calls it lacks and the parameters it does
 * not read are declared in the contract (`notInSpec`, `notInSpecParameters`); the replies it words in
 * another of the spec's shapes are below. Every reply still passes the contract's reply schema before
 * it leaves (`sendReply`): a shape the spec allows that the contract refused would be a portal bug.
 */

/** What a spec reply is made from: the mock's own reply and the world's seed, which picks among the spec's shapes. */
interface SpecReplyInput<R> {
  reply: R;
  seed: number;
  body: unknown;
}

type SpecReply<R = never> = (input: SpecReplyInput<R>) => unknown;

/** One of several shapes, fixed for a world by its seed: seed 0 gives the first, 1 the second, and so on round. */
function bySeed<T>(seed: number, shapes: readonly T[]): T {
  return shapes[seed % shapes.length];
}

type Status = { StatusCode: string | number; StatusMessage?: string; ResponseMessage?: string };

/**
 * The profile saves: 1§7 shows no reply, and 1§8 reads their dialogs by StatusCode and StatusMessage
 * as the password change's. A practice need not spell the code as our "1", nor say anything on success.
 */
const numericStatus: SpecReply<Status> = ({ reply }) => {
  const code = Number(reply.StatusCode);
  return code === 1 ? { StatusCode: 1 } : { StatusCode: code, ...(reply.StatusMessage === undefined ? {} : { StatusMessage: reply.StatusMessage }) };
};

/**
 * The mock's reply turned into the spec's shape, by call. A call not listed answers as ours: the spec
 * fixes its shape (a bundle, the exact booking strings, ForgotPassword's quoted "1" or "0" with the
 * message shown) or does not show one the portal could read otherwise (AccountBalance).
 */
export const SPEC_REPLIES: { [K in WorldEndpointName]?: SpecReply<never> } = {
  /** "Response has StatusCode" (1§7): a number, and nothing else. */
  logout: (({ reply }) => ({ StatusCode: Number(reply.StatusCode) })) satisfies SpecReply<Status>,
  /** "Response truthy or falsy" (1§7): reaching the handler means the token is live. */
  validateToken: (({ seed }) => bySeed(seed, [1, "true"] as const)) satisfies SpecReply<boolean>,
  addEmergencyContact: numericStatus,
  deleteEmergencyContact: numericStatus,
  updateContactMethods: numericStatus,
  updateDemographics: numericStatus,
  /** The notification flags: 1§7 reloads the profile and reads nothing of the reply (1§2). */
  updateNotifications: (({ seed, body }) => bySeed(seed, [true, { resourceType: "Patient", id: (body as { id: string }).id }])) satisfies SpecReply<Status>,
  /** "Response: a number; '-1' is failure" (1§7), quoted as text: the id as a numeric string. */
  saveTempPayment: (({ reply }) => String(reply)) satisfies SpecReply<number>,
  /** "A truthy response means success" (1§7): the status object other calls answer, a number or a word. */
  savePayment: (({ reply, seed }) => (reply ? bySeed(seed, [{ StatusCode: "1" }, 1, "true"]) : bySeed(seed, [{ StatusCode: "0" }, 0, "false"]))) satisfies SpecReply<boolean>,
  /** 2§7: "response read but not used": no id of the stored message. */
  sendMessage: (({ seed, reply }) => bySeed(seed, [true, {}, { resourceType: "Communication", status: reply.status }])) satisfies SpecReply<{ id: string; status: string }>,
  /** 2§7: a "notice", whose words the spec does not give: one that names no count. */
  deleteMessage: (() => "Deleted successfully") satisfies SpecReply<string>,
};

/**
 * The call as a practice built to the spec reads its request: the parameters the spec lacks
 * (`notInSpecParameters`) are neither required nor read, so a handler never sees them.
 */
export function asTheSpecReadsIt<E extends Endpoint>(endpoint: E): E {
  const dropped = endpoint.notInSpecParameters;
  if (!dropped) return endpoint;
  return { ...endpoint, query: without(endpoint.query, dropped.query), body: without(endpoint.body, dropped.body) };
}

function without(schema: z.ZodType | undefined, names: readonly string[] | undefined): z.ZodType | undefined {
  if (!schema || !names?.length) return schema;
  if (!(schema instanceof z.ZodObject)) throw new Error(`notInSpecParameters ${names.join(", ")}: only an object's fields can be left out`);
  const mask: Record<string, true> = Object.fromEntries(names.map((name) => [name, true as const]));
  return (schema as z.ZodObject).omit(mask as never);
}
