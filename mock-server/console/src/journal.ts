import { useEffect, useState } from "react";
import { admin, type JournalEntry } from "./api";

export interface Numbered {
  seq: number;
  entry: JournalEntry;
}

export type Connection = "connecting" | "live" | "reconnecting" | "gone";

/**
 * The world's request journal as it grows, from the admin API's stream (Server-Sent Events): the
 * whole journal first, then each call as it ends. Held here, above the tabs, so that it keeps
 * listening while another tab is shown. `onChange` hears every change (other panels refresh on it).
 */
export function useJournal(worldId: string, onChange: () => void) {
  const [entries, setEntries] = useState<Numbered[]>([]);
  const [connection, setConnection] = useState<Connection>("connecting");
  useEffect(() => {
    setEntries([]);
    setConnection("connecting");
    const source = admin.journalStream(worldId);
    source.onopen = () => setConnection("live");
    // EventSource reconnects by itself; the stream then starts again with `cleared` and every entry.
    source.onerror = () => setConnection((was) => (was === "gone" ? was : "reconnecting"));
    source.addEventListener("cleared", () => {
      setEntries([]);
      onChange();
    });
    source.addEventListener("request", (event) => {
      const entry = JSON.parse(event.data) as JournalEntry;
      setEntries((before) => [...before, { seq: Number(event.lastEventId), entry }].slice(-1000));
      onChange();
    });
    source.addEventListener("gone", () => {
      setConnection("gone");
      source.close();
    });
    return () => source.close();
  }, [worldId, onChange]);
  return { entries, connection };
}

/** A shell word in single quotes. */
const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * The call again from a terminal, to the world's address. Secrets were redacted when the call was
 * written down, so a token is left for the reader to give ($TOKEN) and a redacted value reads [redacted].
 */
export function asCurl(entry: JournalEntry, apiUrl: string, needsToken: boolean): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(entry.query ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) query.append(name, typeof one === "string" ? one : JSON.stringify(one));
  }
  const search = query.size > 0 ? `?${query}` : "";
  const parts = ["curl", "-X", entry.method, quote(`${apiUrl}${entry.path}${search}`)];
  if (needsToken) parts.push("-H", '"Token: $TOKEN"');
  const hasBody = entry.body !== undefined && entry.body !== null && !(typeof entry.body === "object" && Object.keys(entry.body).length === 0);
  if (hasBody) parts.push("-H", quote("Content-Type: application/json"), "--data", quote(JSON.stringify(entry.body)));
  return parts.join(" ");
}
