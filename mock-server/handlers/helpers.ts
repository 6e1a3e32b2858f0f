import type { z } from "zod";
import type { Endpoint } from "@contract/endpoints";
import { toBundle } from "@contract/fhir";
import type { CallContext, Session, WorldRoute } from "../endpoint-route";
import { pageOf } from "../paging";
import type { PracticeRow } from "../resources/rows";
import type { WorldCore } from "../world-core";

/**
 * What most handlers share: the token that signs the call, the practice record of the world,
 * and a bundle of one page of a list.
 */

/**
 * A call signed with the session's token, read where the contract says: the Token header on most
 * calls, the query on those 1§7 and 2§7 give it there (Logout, the notification flags, the letters).
 */
export function withToken<E extends Endpoint, W extends WorldCore>(handle: (call: CallContext<E, Session, W>) => z.input<E["reply"]> | Promise<z.input<E["reply"]>>): WorldRoute<E, W> {
  return { signedIn: true, handle };
}

/** A world is one practice: its one practice record. */
export function practiceOf(world: WorldCore): PracticeRow {
  return world.store.practice.getAll()[0];
}

/** A page of `items` as a bundle whose total is the whole list's length. */
export function pagedBundle<T, R>(items: readonly T[], page: { PageNumber: number; PageSize: number }, toResource: (item: T) => R) {
  return toBundle(pageOf(items, page.PageNumber, page.PageSize).map((item) => toResource(item)), items.length);
}
