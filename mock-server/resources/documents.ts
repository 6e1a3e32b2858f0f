import type { z } from "zod";
import { LabResultSlots, LetterSlots, type LabResultSchema, type LetterSchema, type MediaSchema, type ObservationRow } from "@contract/documents";
import { HOSTILE_HTML, type LabResultRecord, type LetterRecord, type MediaRecord, type Observation } from "../../fixtures/builders/documents";
import { labelsOf } from "./labels";
import { zoned } from "./zoned";

export function labResultResource(r: LabResultRecord): z.input<typeof LabResultSchema> {
  return {
    resourceType: "DiagnosticReport",
    id: r.id,
    description: r.test,
    author: { display: r.author.name },
    extension: LabResultSlots.write({ laboratory: r.laboratory, date: zoned(r.atMs), comments: r.comments, folder: r.folder, read: r.read ? "True" : "False" }),
    ...labelsOf(r.confidential),
  };
}

export function observationRows(observations: readonly Observation[]): ObservationRow[] {
  return observations.map((o) => ({ ObservationText: o.text, ObservationValue: `${o.value} ${o.unit}`, AbnormalFlagDesc: o.flag, ObservationSummary: o.range }));
}

/** The HTML a laboratory sends for a narrative result: plain markup (or, in a hostile scenario, not), which the portal sanitises. */
export function resultHtml(r: LabResultRecord): string {
  if (r.content.kind === "html" && r.content.hostile) return HOSTILE_HTML;
  const paragraphs = r.content.kind === "html" ? r.content.paragraphs : [];
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<h3>${escape(r.test)}</h3>${paragraphs.map((p) => `<p>${escape(p)}</p>`).join("")}<p><em>${escape(r.laboratory)}</em></p>`;
}

export function letterResource(l: LetterRecord, data?: string): z.input<typeof LetterSchema> {
  return {
    resourceType: "DocumentReference",
    id: l.id,
    type: { coding: [{ display: l.type }] },
    extension: LetterSlots.write({ date: zoned(l.atMs) }),
    content: [{ attachment: { contentType: "application/pdf", title: `${l.type}.pdf`, ...(data ? { data } : {}) } }],
  };
}

export function mediaResource(m: MediaRecord): z.input<typeof MediaSchema> {
  return { resourceType: "Media", id: m.id, content: { title: m.title, contentType: m.kind === "pdf" ? "application/pdf" : "link", ...(m.kind === "link" ? { url: m.url } : {}) } };
}
