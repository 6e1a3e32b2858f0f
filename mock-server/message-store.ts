import type { MessageBox } from "../contract/messaging";
import { buildBox, type MessageContext, type MessagePlan, type MessageRecord } from "../fixtures/builders/messages";
import { pageOf } from "./paging";

/**
 * A world's secure messages, kept outside the @mswjs/data store (decisions/010): each patient's
 * boxes are generated on first read and held as arrays newest first, so a page is a slice whose
 * cost does not depend on how many messages the box holds.
 */

interface Boxes {
  inbox: MessageRecord[];
  sent: MessageRecord[];
  drafts: MessageRecord[];
  byId: Map<string, MessageRecord>;
  unread: number;
}

export class MessageStore {
  readonly #plans: ReadonlyMap<string, MessagePlan>;
  readonly #boxes = new Map<string, Boxes>();

  constructor(
    readonly context: MessageContext,
    plans: readonly MessagePlan[],
  ) {
    this.#plans = new Map(plans.map((p) => [p.patientId, p]));
  }

  /** A page of one box, newest first, with the number of messages the filter matches. */
  page(patientId: string, box: MessageBox, options: { pageSize: number; pageNumber: number; read?: boolean }): { total: number; messages: MessageRecord[] } {
    const boxes = this.#of(patientId);
    if (!boxes) return { total: 0, messages: [] };
    const all = boxes[box];
    // Filtering by read state scans the box; the unfiltered listing is the common, cheap path.
    const matching = options.read === undefined ? all : all.filter((m) => m.read === options.read);
    return { total: matching.length, messages: pageOf(matching, options.pageNumber, options.pageSize) };
  }

  find(patientId: string, messageId: string): MessageRecord | undefined {
    return this.#of(patientId)?.byId.get(messageId);
  }

  /** Opening an inbox message marks it read, as the practice system does; returns whether it was unread. */
  markRead(message: MessageRecord): boolean {
    if (message.read) return false;
    message.read = true;
    const boxes = this.#boxes.get(message.patientId);
    if (boxes) boxes.unread -= 1;
    return true;
  }

  /** Unread inbox messages: the dashboard's InboxCounter. Known without generating the inbox. */
  unreadCount(patientId: string): number {
    return this.#boxes.get(patientId)?.unread ?? this.#plans.get(patientId)?.unread ?? 0;
  }

  #of(patientId: string): Boxes | undefined {
    const cached = this.#boxes.get(patientId);
    if (cached) return cached;
    const plan = this.#plans.get(patientId);
    if (!plan) return undefined;
    const inbox = buildBox(this.context, plan, "inbox");
    const sent = buildBox(this.context, plan, "sent");
    const drafts = buildBox(this.context, plan, "drafts");
    const byId = new Map([...inbox, ...sent, ...drafts].map((m) => [m.id, m]));
    const boxes: Boxes = { inbox, sent, drafts, byId, unread: inbox.filter((m) => !m.read).length };
    this.#boxes.set(patientId, boxes);
    return boxes;
  }
}
