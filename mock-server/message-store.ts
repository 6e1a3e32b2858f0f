import type { MessageBox } from "@contract/messaging";
import { buildBox, type MessageContext, type MessagePlan, type MessageRecord } from "../fixtures/builders/messages";
import { pageOf } from "./paging";

/**
 * A world's secure messages, kept outside the @mswjs/data store: each patient's boxes generated on first read and held
 * as arrays newest first, so a page is a slice whose cost does not depend on the box's size (decisions/010).
 */

interface Boxes {
  inbox: MessageRecord[];
  sent: MessageRecord[];
  drafts: MessageRecord[];
  byId: Map<string, MessageRecord>;
  unread: number;
}

/** A message a patient posted, as the practice received it (the QA read, /__admin/worlds/:id/messages). */
export interface ReceivedMessage {
  receivedAt: string;
  id: string;
  patientId: string;
  box: "sent" | "drafts";
  /** The recipient's name. */
  to: string;
  /** The recipient as the practice read it: `Practitioner/{id}` or `Location/{id}` (2§3). */
  recipient: string;
  subject: string;
  body: string;
  attachments: Array<{ title: string; contentType: string; bytes: number }>;
  /** Deleted since (a draft replaced, or the patient's delete). */
  deleted: boolean;
}

/** A message the practice will send at a time on the world clock (a staff reply, issue 19). */
interface Scheduled {
  dueMs: number;
  record: MessageRecord;
}

export class MessageStore {
  readonly #plans: ReadonlyMap<string, MessagePlan>;
  readonly #boxes = new Map<string, Boxes>();
  readonly #scheduled: Scheduled[] = [];
  /** Every message patients posted in this world, oldest first. */
  readonly received: ReceivedMessage[] = [];
  readonly #nowMs: () => number;
  #written = 0;

  constructor(
    readonly context: MessageContext,
    plans: readonly MessagePlan[],
    nowMs: () => number = Date.now,
  ) {
    this.#plans = new Map(plans.map((p) => [p.patientId, p]));
    this.#nowMs = nowMs;
  }

  /** A new id for a message written in this world: never one a generated message has. */
  newId(patientId: string): string {
    this.#written += 1;
    return `w${patientId}-${this.#written}`;
  }

  /** A message the patient sent or saved, or the practice wrote, newest in its box. */
  add(record: MessageRecord): void {
    const boxes = this.#of(record.patientId);
    if (!boxes) throw new Error(`No messages for patient ${record.patientId}`);
    boxes[record.box].unshift(record);
    boxes.byId.set(record.id, record);
    if (record.box === "inbox" && !record.read) boxes.unread += 1;
  }

  /** Delivers `record` to the inbox once the world's clock reaches `dueMs`. */
  schedule(dueMs: number, record: MessageRecord): void {
    this.#scheduled.push({ dueMs, record });
  }

  /** Removes the patient's messages among `ids`; ids that are not theirs (or already gone) are left alone. */
  remove(patientId: string, ids: readonly string[]): string[] {
    const boxes = this.#of(patientId);
    if (!boxes) return [];
    const removed: string[] = [];
    for (const id of new Set(ids)) {
      const message = boxes.byId.get(id);
      if (!message) continue;
      const list = boxes[message.box];
      list.splice(list.indexOf(message), 1);
      boxes.byId.delete(id);
      if (message.box === "inbox" && !message.read) boxes.unread -= 1;
      const log = this.received.find((r) => r.id === id);
      if (log) log.deleted = true;
      removed.push(id);
    }
    return removed;
  }

  /** A page of one box, newest first, with the number of messages the filter matches. */
  page(patientId: string, box: MessageBox, options: { pageSize: number; pageNumber: number; read?: boolean }): { total: number; messages: MessageRecord[] } {
    this.#deliverDue();
    const boxes = this.#of(patientId);
    if (!boxes) return { total: 0, messages: [] };
    const all = boxes[box];
    // Filtering by read state scans the box; the unfiltered listing is the common, cheap path.
    const matching = options.read === undefined ? all : all.filter((m) => m.read === options.read);
    return { total: matching.length, messages: pageOf(matching, options.pageNumber, options.pageSize) };
  }

  find(patientId: string, messageId: string): MessageRecord | undefined {
    this.#deliverDue();
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
    this.#deliverDue();
    return this.#boxes.get(patientId)?.unread ?? this.#plans.get(patientId)?.unread ?? 0;
  }

  // Read lazily: whatever is due by the world's now is in the inbox before any read answers.
  #deliverDue(): void {
    if (this.#scheduled.length === 0) return;
    const now = this.#nowMs();
    for (let i = this.#scheduled.length - 1; i >= 0; i--) {
      const { dueMs, record } = this.#scheduled[i];
      if (dueMs > now) continue;
      this.#scheduled.splice(i, 1);
      this.add({ ...record, sentMs: dueMs });
    }
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
