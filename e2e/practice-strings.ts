import { MOCK_PORT } from "../playwright.config";
import type { World, WorldUser } from "./fixtures";
import { endpoints } from "@contract/endpoints";
import { PatientAuthReplySchema, readAuthReply } from "@contract/auth";

/** A string the practice sent, with the field it came in: an extension's url, else its key and its parent's ("code.text"). */
export interface PracticeString {
  /** The practice API's path the reply came from ("Patient/Medication"). */
  call: string;
  field: string;
  value: string;
}

/**
 * Every string the practice sent the portal during a test, with its field: each GET the world's journal
 * holds, asked again of the mock with a token of the patient's own. A string is kept whole, in its
 * paragraphs and in the pieces a list setting is cut into; sanitised HTML (a message's body) in the texts
 * between its tags.
 */
export async function practiceFields(world: World, user: WorldUser): Promise<PracticeString[]> {
  const post = async (url: string, body: unknown) => (await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })).json();
  const identity = (await post(`http://127.0.0.1:${MOCK_PORT}/${endpoints.identityAuthentication.path}`, { UserName: user.username, Password: user.password, q: "" })) as { ACCAPIURL: string };
  const api = identity.ACCAPIURL.endsWith("/") ? identity.ACCAPIURL : `${identity.ACCAPIURL}/`;
  const auth = PatientAuthReplySchema.parse(await post(`${api}${endpoints.patientAuthentication.path}`, { UserName: user.username, Password: user.password, q: "" }));
  const signedIn = readAuthReply(auth);
  const found = new Map<string, PracticeString>();
  let call = "";
  const add = (field: string, value: string) => {
    const trimmed = value.trim();
    if (trimmed.length > 1 && /[A-Za-z]/.test(trimmed)) found.set(`${call}\n${field}\n${trimmed}`, { call, field, value: trimmed });
  };
  const collect = (value: unknown, field: string): void => {
    if (typeof value === "string" && /^\s*[[{]/.test(value)) {
      // A setting that is JSON in a string (1§3's PaymentCardTypes): its strings are the practice's too.
      try {
        collect(JSON.parse(value), field);
      } catch {
        add(field, value);
      }
    } else if (typeof value === "string") {
      const text = /<[a-z][^>]*>/i.test(value) ? value.split(/<[^>]*>/).map((piece) => piece.replace(/&nbsp;/g, " ").replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'")) : [value];
      for (const piece of text.length > 1 ? [value, ...text] : text) for (const part of [piece, ...piece.split(/\n{2,}/), ...piece.split(/[|;,\n]/)]) add(field, part);
    } else if (Array.isArray(value)) value.forEach((item) => collect(item, field));
    else if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      // A positional extension (contract/slots.ts) is named by its url.
      if (typeof record.url === "string" && Object.keys(record).some((key) => key.startsWith("value"))) {
        for (const [key, item] of Object.entries(record)) if (key !== "url") collect(item, record.url);
      } else for (const [key, item] of Object.entries(record)) collect(item, `${field.split(".").pop()}.${key}`);
    }
  };
  // The sign-in's reply is the practice's too: a holder's linked accounts, their names and relationships.
  call = endpoints.patientAuthentication.path;
  collect(auth, "");
  // A password changed during the test no longer signs in here: what the sign-in said is all there is.
  if (signedIn.kind !== "signedIn") return [...found.values()];
  const asked = new Set<string>();
  for (const asking of await world.requests({ method: "GET" })) {
    const url = new URL(`${api}${asking.path}`);
    // A call that takes its token in the query (2§7's letters) has it there, redacted in the journal.
    for (const [name, value] of Object.entries(asking.query as Record<string, string>)) url.searchParams.set(name, name === "Token" ? signedIn.token : String(value));
    if (asked.has(url.href)) continue;
    asked.add(url.href);
    const res = await fetch(url, { headers: { Token: signedIn.token } });
    call = asking.path;
    if (res.headers.get("content-type")?.includes("json")) collect(await res.json(), call);
  }
  return [...found.values()];
}

/** Every string the practice sent during the test, longest first: the pseudo-language walk's exemptions. */
export async function practiceStrings(world: World, user: WorldUser): Promise<string[]> {
  return [...new Set((await practiceFields(world, user)).map((s) => s.value))].sort((a, b) => b.length - a.length);
}
