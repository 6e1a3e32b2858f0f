import { z } from "zod";
import { endpoints, type Endpoint, type EndpointName } from "@contract/endpoints";
import { ROOM } from "@contract/room";
import { drawnNames } from "@contract/room/shapes";

/**
 * A practice as 1§7 and 2§7 describe it, and no more (issue 52): what a world created with `practice: "spec"` does
 * differently from ours (decisions/372 and 396).
 */

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

/** What a spec practice of seed `seed` draws for each call, by the call's method and path, for the world's summary. */
export function roomDrawnBy(seed: number): Record<string, ReturnType<typeof drawnNames>> {
  return Object.fromEntries(
    (Object.keys(ROOM) as EndpointName[]).map((name) => [`${endpoints[name].method} ${endpoints[name].path}`, drawnNames(ROOM[name], seed)]),
  );
}
