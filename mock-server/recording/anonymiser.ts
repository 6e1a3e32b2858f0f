import type { Faker } from "@faker-js/faker";
import { isValidNhi } from "@contract/nhi";
import { REDACTED } from "@contract/redact";
import { mobileNumber, testNhi } from "../../fixtures/builders/nz-contact";
import { seededFaker } from "../../fixtures/builders/random";

/** The anonymiser of a recording: learns each personal detail that passes through, gives it one made-up value seeded by the salt, and leaves binary documents out (decisions/384). */

export type PersonalKind = "given" | "family" | "nhi" | "phone" | "email" | "address" | "postcode" | "birthdate" | "text" | "token" | "meeting" | "passcode" | "joinurl";

/** A recorded token, which a replay world swaps for one it issued. */
export const TOKEN_PLACEHOLDER = /^recorded-token-\d+$/;
/** A binary document left out of the file; a replay serves a generated one of this kind in its place. */
export const DOCUMENT_PLACEHOLDER = /^recorded-document:(pdf|png|binary)$/;

const GIVEN_KEY = /^(given|firstname|givenname|preferred|preferredname|middlename|knownas)$/i;
const FAMILY_KEY = /^(family|familyname|lastname|surname)$/i;
/** Fields (and slot urls) that hold a whole name: the patient's, a clinician's, a sender's. */
const FULL_NAME_KEY = /^(patientname|providername|practitionername|doctorname|sendername|recipientname|gpname|prescribedby|vaccinator|billingname|fullname|contactname|displayname|nextofkin)$/i;
const EMAIL_KEY = /e-?mail|^username$/i;
const PHONE_KEY = /phone|mobile|fax/i;
const NHI_KEY = /^nhi(number|no)?$/i;
const ADDRESS_KEY = /^(line|suburb|district|street|addressline\d?|practiceaddress|address)$/i;
const POSTCODE_KEY = /^(postalcode|postcode)$/i;
const BIRTH_DATE_KEY = /^(birthdate|dob|dateofbirth)$/i;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Free text a person wrote or a clinician wrote about them: replaced whole by made-up sentences. */
const TEXT_KEY = /^(messagebody|body|messagesubject|subject|notes?|comments?|message|contentstring|cancelreason|reason|searchtext|observationtext|observationsummary|note|instructions)$/i;
/** Secrets that never reach the file (contract/redact.ts has the same list for the journal). */
const SECRET_KEY = /^(q|password|newpassword|confirm|captcha|cardnumber|cvc|clientsecret)$|password/i;
const TOKEN_KEY = /token$/i;
/** A video consult's way in (decisions/391): made up in the same shape, so a replay still lists and signs it. */
const MEETING_NUMBER_KEY = /^(meetingnumber|meetingid|mn)$/i;
const PASSCODE_KEY = /^(passcode|pwd)$/i;
const JOIN_URL_KEY = /^(joinurl|join_url|starturl|meetingurl)$/i;
const JOIN_URL_IN_TEXT = /https?:\/\/[^\s"'<>]+?\/(?:j|w|s|wc\/join)\/\d{9,12}[^\s"'<>]*/g;
/** A JSON Web Token (the video function's signature): its claims name the meeting. */
const JWT = /^([A-Za-z0-9_-]{8,})\.([A-Za-z0-9_-]{8,})\.([A-Za-z0-9_-]*)$/;

const EMAIL_IN_TEXT = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
const NHI_IN_TEXT = /\b[A-HJ-NP-Z]{3}(?:\d{4}|\d{2}[A-HJ-NP-Z]{2})\b/g;
const PHONE_IN_TEXT = /(?<![\d])(?:\+64|0)\d{1,2}[ -]?\d{3}[ -]?\d{3,4}(?!\d)/g;
const BASE64 = /^[A-Za-z0-9+/\r\n]+={0,2}$/;

/** Words of a full name that are titles or a practice's, not a person's (kept as they are). */
const NOT_A_NAME = new Set(
  ["dr", "mr", "mrs", "ms", "miss", "mx", "master", "prof", "nurse", "np", "rn", "front", "desk", "health", "medical", "centre", "center", "clinic", "practice", "surgery", "team", "the", "and", "of", "room", "reception", "nz", "ltd"],
);

export class Anonymiser {
  readonly #salt: string;
  /** Original (lower case) → made-up value. */
  readonly #substitutes = new Map<string, string>();
  /** Every made-up value given, lower case: a new one must not repeat one, nor be an original. */
  readonly #given = new Set<string>();
  /** Every word of every made-up value, lower case: an original met later among them has them made again. */
  readonly #givenWords = new Set<string>();
  readonly #kinds = new Map<string, PersonalKind>();
  #tokens = 0;
  #pattern: RegExp | null = null;

  /** The recording's day (yyyy-mm-dd): a made-up birth date keeps the person's age on it. */
  readonly #today: string;

  constructor(salt: string, today: string = new Date().toISOString().slice(0, 10)) {
    this.#salt = salt;
    this.#today = today;
  }

  /** How many originals it knows. */
  get size(): number {
    return this.#substitutes.size;
  }

  /** The made-up value of an original it knows, or undefined. */
  substituteOf(original: string): string | undefined {
    return this.#substitutes.get(keyOf(original));
  }

  /** Learns the personal details of a request or a reply (any JSON value, or text). */
  collect(value: unknown, key = "", parent: Record<string, unknown> | null = null): void {
    if (typeof value === "string") return this.#collectString(value, key, parent);
    if (typeof value === "number" && MEETING_NUMBER_KEY.test(key)) return this.learn("meeting", String(value));
    if (Array.isArray(value)) {
      for (const item of value) this.collect(item, key, parent);
      return;
    }
    if (!value || typeof value !== "object") return;
    const object = value as Record<string, unknown>;
    // A positional extension ({url, valueString}): its url names what it holds (contract/slots.ts).
    if (typeof object.url === "string" && typeof object.valueString === "string") this.#collectString(object.valueString, object.url, object);
    // A FHIR ContactPoint: the system says whether the value is a phone or an e-mail.
    if (typeof object.system === "string" && typeof object.value === "string") {
      if (object.system === "email") this.learn("email", object.value);
      else if (["phone", "sms", "fax"].includes(object.system)) this.learn("phone", object.value);
    }
    // A FHIR Annotation (a message's subject, a clinician's note) is free text.
    if (/^(note|notes|comment|comments|annotation)$/i.test(key) && typeof object.text === "string") this.learn("text", object.text);
    // A FHIR HumanName: its parts first, so that its `text` (met before them in key order) does not
    // make the given name a family one ("Ms Charli Taylor" as "Ms Hettinger Harber").
    if (Array.isArray(object.given) || typeof object.family === "string") {
      for (const given of Array.isArray(object.given) ? object.given : []) if (typeof given === "string") this.learn("given", given);
      if (typeof object.family === "string") this.learn("family", object.family);
    }
    // A FHIR Reference's display is who it points to (a clinician, the patient).
    if (typeof object.reference === "string" && typeof object.display === "string") this.learnFullName(object.display);
    for (const [k, v] of Object.entries(object)) {
      if (k === "valueString" && typeof object.url === "string") continue;
      this.collect(v, k, object);
    }
  }

  /** Records an original of a known kind (and makes its made-up value now, so the order of calls fixes nothing). */
  learn(kind: PersonalKind, original: string): void {
    const value = original.trim();
    if (value === "" || value === REDACTED || TOKEN_PLACEHOLDER.test(value)) return;
    if (kind === "text" && (value.length < 4 || !/\p{L}/u.test(value))) return;
    if ((kind === "given" || kind === "family") && value.length < 2) return;
    if (kind === "birthdate" && !ISO_DATE.test(value)) return;
    const key = keyOf(value);
    if (this.#substitutes.has(key)) return;
    const made = this.#make(kind, value);
    this.#substitutes.set(key, made);
    this.#kinds.set(key, kind);
    this.#remember(made);
    this.#pattern = null;
    // An original met now may be a value, or a word of one, already made up for another one (a real
    // name is in both pools; a postcode is a phone's last four digits): that other one gets a new
    // made-up value, so the file never shows this original.
    if (this.#given.has(key) || this.#givenWords.has(key)) {
      for (const [original, earlier] of this.#substitutes) {
        if (original !== key && this.#kinds.has(original) && (keyOf(earlier) === key || wordsOf(earlier).includes(key))) {
          const again = this.#make(this.#kinds.get(original)!, original);
          this.#substitutes.set(original, again);
          this.#remember(again);
          if (this.#kinds.get(original) === "phone") this.#setDigits(original, again);
        }
      }
    }
    if (kind === "phone") this.#setDigits(value, made);
  }

  /** A phone is also written without its spaces: that spelling gets the made-up one's digits. */
  #setDigits(phone: string, made: string): void {
    const digits = phone.replace(/[^\d+]/g, "");
    if (digits !== phone && !this.#kinds.has(digits)) this.#substitutes.set(digits, made.replace(/[^\d+]/g, ""));
  }

  /**
   * A copy of a request or reply with every known original replaced, secrets removed, tokens as
   * placeholders and binary documents as document placeholders. Call `collect` on everything first.
   */
  apply(value: unknown, key = ""): unknown {
    if (typeof value === "string") {
      if (value !== "" && SECRET_KEY.test(key)) return REDACTED;
      if (value !== "" && TOKEN_KEY.test(key)) return this.#tokenPlaceholder(value);
      const jwt = JWT.exec(value);
      if (jwt && claimsOf(jwt[2])) return this.#madeUpJwt(jwt[1], jwt[2], jwt[3]);
      return this.#applyString(value);
    }
    if (typeof value === "number" && MEETING_NUMBER_KEY.test(key)) {
      const made = this.substituteOf(String(value));
      return made === undefined ? value : Number(made);
    }
    if (Array.isArray(value)) return value.map((item) => this.apply(item, key));
    if (!value || typeof value !== "object") return value;
    const object = value as Record<string, unknown>;
    const slotUrl = typeof object.url === "string" ? object.url : null;
    return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, this.apply(v, slotUrl && k === "valueString" ? slotUrl : k)]));
  }

  /** Text as it would be in the file: every known original replaced. */
  replaceIn(text: string): string {
    if (this.#substitutes.size === 0) return text;
    this.#pattern ??= new RegExp(
      `(?<![\\p{L}\\p{N}_])(?:${[...this.#substitutes.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}_])`,
      "giu",
    );
    return text.replace(this.#pattern, (found) => {
      const made = this.#substitutes.get(keyOf(found)) ?? found;
      return /\p{Lu}/u.test(found) && found === found.toUpperCase() && found !== found.toLowerCase() ? made.toUpperCase() : made;
    });
  }

  #collectString(value: string, key: string, parent: Record<string, unknown> | null): void {
    const decoded = decodedText(value);
    if (decoded !== null) return this.#sweep(decoded);
    if (value === "" || TOKEN_KEY.test(key) || SECRET_KEY.test(key)) return;
    // A JSON document in a string (2§3's VideoConsultConfig), or a JWT's claims, read as what they hold.
    const inner = /^\s*[[{]/.test(value) ? parsedJson(value) : null;
    if (inner && typeof inner === "object") this.collect(inner, key, parent);
    const jwt = JWT.exec(value);
    const claims = jwt ? claimsOf(jwt[2]) : null;
    if (claims) return this.collect(claims);
    if (MEETING_NUMBER_KEY.test(key) && /^\d{6,15}$/.test(value.trim())) this.learn("meeting", value);
    else if (PASSCODE_KEY.test(key) && value.trim().length >= 4) this.learn("passcode", value);
    else if (JOIN_URL_KEY.test(key)) this.#learnJoinUrl(value);
    else if (GIVEN_KEY.test(key)) this.learn("given", value);
    else if (FAMILY_KEY.test(key)) this.learn("family", value);
    else if (FULL_NAME_KEY.test(key)) this.learnFullName(value);
    else if (key === "text" && parent && ("family" in parent || "given" in parent)) this.learnFullName(value);
    else if (key === "text" && parent && "line" in parent) this.learn("address", value);
    else if (NHI_KEY.test(key)) this.learn("nhi", value);
    else if (POSTCODE_KEY.test(key)) this.learn("postcode", value);
    else if (BIRTH_DATE_KEY.test(key)) this.learn("birthdate", value);
    else if (ADDRESS_KEY.test(key) && !EMAIL_KEY.test(key)) this.learn("address", value);
    else if (EMAIL_KEY.test(key)) this.learn("email", value);
    else if (PHONE_KEY.test(key) && (value.match(/\d/g)?.length ?? 0) >= 6) this.learn("phone", value);
    else if (TEXT_KEY.test(key)) this.learn("text", value);
    this.#sweep(value);
  }

  /** The net under the fields: e-mail addresses, valid NHIs and NZ phone numbers wherever they are. */
  #sweep(text: string): void {
    for (const found of text.match(EMAIL_IN_TEXT) ?? []) this.learn("email", found);
    for (const found of text.match(NHI_IN_TEXT) ?? []) if (isValidNhi(found)) this.learn("nhi", found);
    for (const found of text.match(PHONE_IN_TEXT) ?? []) this.learn("phone", found);
    for (const found of text.match(JOIN_URL_IN_TEXT) ?? []) this.#learnJoinUrl(found);
  }

  /** A join address: its meeting number and every query value (`pwd`) first, then the whole address made up from theirs. */
  #learnJoinUrl(value: string): void {
    let url: URL;
    try {
      url = new URL(value.trim());
    } catch {
      return this.learn("passcode", value);
    }
    for (const run of url.pathname.match(/\d{9,12}/g) ?? []) this.learn("meeting", run);
    for (const [, v] of url.searchParams) if (v.length >= 4) this.learn("passcode", v);
    this.learn("joinurl", value);
  }

  /** The same provider and shape: the made-up meeting number in the path, each query value made up (the `pwd`), no fragment. */
  #madeUpJoinUrl(original: string, faker: Faker): string {
    const url = new URL(original.trim());
    url.pathname = url.pathname.replace(/\d{9,12}/g, (run) => this.#substitutes.get(run) ?? sameShape(run, faker));
    const params = [...url.searchParams].map(([k, v]) => [k, this.#substitutes.get(keyOf(v)) ?? sameShape(v, faker)]);
    url.search = new URLSearchParams(params).toString();
    url.hash = "";
    return url.href;
  }

  /** A JWT with its claims anonymised and a made-up signature of the same length: no longer a key to anything. */
  #madeUpJwt(header: string, payload: string, signature: string): string {
    const claims = this.apply(claimsOf(payload));
    const faker = seededFaker(this.#salt, "jwt", payload);
    const madeSignature = faker.string.fromCharacters("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", signature.length);
    return `${header}.${Buffer.from(JSON.stringify(claims), "utf8").toString("base64url")}.${madeSignature}`;
  }

  /**
   * Each word of a whole name that is a person's (not a title or the practice's) becomes a made-up
   * name: the last a family name, those before it given names ("Dr Hemi Walker"), unless already met.
   */
  learnFullName(value: string): void {
    const words = value
      .split(/[\s,()]+/)
      .map((w) => w.replace(/\.$/, ""))
      .filter((w) => w.length >= 2 && /^\p{Lu}/u.test(w) && !NOT_A_NAME.has(w.toLowerCase()));
    words.forEach((word, i) => this.learn(i === words.length - 1 ? "family" : "given", word));
  }

  #remember(made: string): void {
    this.#given.add(keyOf(made));
    for (const word of wordsOf(made)) this.#givenWords.add(word);
  }

  #tokenPlaceholder(value: string): string {
    if (TOKEN_PLACEHOLDER.test(value) || value === REDACTED) return value;
    const key = keyOf(value);
    let made = this.#substitutes.get(key);
    if (!made) {
      made = `recorded-token-${++this.#tokens}`;
      this.#substitutes.set(key, made);
      this.#pattern = null;
    }
    return made;
  }

  #applyString(value: string): string {
    if (value.length >= 200 && BASE64.test(value)) {
      const bytes = Buffer.from(value, "base64");
      const kind = documentKind(bytes);
      if (kind) return `recorded-document:${kind}`;
      const text = bytes.toString("utf8");
      return Buffer.from(this.replaceIn(text), "utf8").toString("base64");
    }
    return this.replaceIn(value);
  }

  #make(kind: PersonalKind, original: string): string {
    for (let attempt = 0; ; attempt++) {
      const faker = seededFaker(this.#salt, kind, keyOf(original), attempt);
      const made = kind === "birthdate" ? madeUpBirthDate(original, this.#today, faker) : kind === "joinurl" ? this.#madeUpJoinUrl(original, faker) : madeUp(kind, original, faker, this.#tokens, attempt);
      const key = keyOf(made);
      // Never the original itself, a value given to another original, or one that is itself an original
      // here or has one as a word (a phone ending in a postcode); a name is one word, so that no part of
      // it (Wilson-Corwin) can be another person's name.
      const oneWord = (kind !== "given" && kind !== "family") || /^\p{L}+$/u.test(made);
      const showsAnOriginal = this.#substitutes.has(key) || wordsOf(made).some((word) => this.#substitutes.has(word));
      if (attempt > 200 || (oneWord && key !== keyOf(original) && !this.#given.has(key) && !showsAnOriginal)) return made;
    }
  }
}

const STREET_WORDS = ["Kauri", "Harakeke", "Mānuka", "Kererū", "Pūkeko", "Ruru", "Matai", "Miro", "Nīkau", "Ponga", "Tawa", "Kahikatea", "Hīnau", "Toetoe", "Raupō"];
const STREET_KINDS = ["Street", "Road", "Lane", "Avenue", "Crescent", "Place", "Terrace", "Drive"];
const LOCALITY_KINDS = ["Heights", "Park", "Bay", "Hill", "Valley", "Grove", "Downs", "Beach"];

/**
 * An address line without a number is a place (a suburb, a town; "Grey Lynn", which a practice's own
 * name may carry): it becomes a made-up place of the same shape, not a street. Two words of the
 * pool once the single ones run out.
 */
function madeUpLocality(faker: Faker, twoWords: boolean): string {
  const words = twoWords ? faker.helpers.arrayElements(STREET_WORDS, 2).join(" ") : faker.helpers.arrayElement(STREET_WORDS);
  return `${words} ${faker.helpers.arrayElement(LOCALITY_KINDS)}`;
}

/** A made-up value of a kind; past 50 tries at one original its pool is nearly used up (a practice of thousands). */
function madeUp(kind: PersonalKind, original: string, faker: Faker, tokens: number, attempt: number): string {
  const poolUsedUp = attempt >= 50;
  switch (kind) {
    case "given":
    case "family":
      // Two of the pool's names joined in one word once it is used up.
      if (poolUsedUp) return `${faker.person.lastName()}${faker.person.lastName().toLowerCase()}`;
      return kind === "given" ? faker.person.firstName() : faker.person.lastName();
    case "email":
      // No name in it: a made-up name in an address could be a real person's of the same practice.
      return `patient.${faker.string.alphanumeric({ length: 8, casing: "lower" })}@${faker.helpers.arrayElement(["example.com", "example.net", "example.org"])}`;
    case "phone":
      return mobileNumber(faker);
    case "nhi":
      return testNhi(faker, new Set());
    case "address":
      if (!/\d/.test(original)) return madeUpLocality(faker, poolUsedUp);
      // Streets named after trees and birds, never a person (faker's streets carry first and last names).
      return `${faker.number.int({ min: 1, max: 250 })} ${faker.helpers.arrayElement(STREET_WORDS)} ${faker.helpers.arrayElement(STREET_KINDS)}`;
    case "postcode":
      return faker.string.numeric(4);
    case "text":
      return faker.lorem.sentences({ min: 1, max: 3 });
    case "token":
      return `recorded-token-${tokens + 1}`;
    case "meeting":
    case "passcode":
      return sameShape(original, faker);
    case "birthdate":
      throw new Error("A birth date is made up from its age: madeUpBirthDate");
    case "joinurl":
      throw new Error("A join address is made up from its parts: madeUpJoinUrl");
  }
}

/**
 * Another birth date with the same age in whole years on the recording's day, so that whatever a
 * portal decides by age (whānau access, decisions/382) decides the same in a replay.
 */
function madeUpBirthDate(original: string, today: string, faker: Faker): string {
  const [year, month, day] = original.split("-").map(Number);
  const [ty, tm, td] = today.split("-").map(Number);
  const age = Math.max(0, ty - year - (tm < month || (tm === month && td < day) ? 1 : 0));
  // The last day with that age is the birthday `age` years before today; up to 360 days before it keeps it.
  const latest = Date.UTC(ty - age, tm - 1, td);
  return new Date(latest - faker.number.int({ min: 1, max: 360 }) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A value of the same shape: each digit another digit (the first not 0), each letter another of its
 * case, anything else kept. A meeting number stays 9 to 11 digits, a pass code its length.
 */
function sameShape(original: string, faker: Faker): string {
  return [...original]
    .map((c, i) => {
      if (/\d/.test(c)) return faker.string.numeric({ length: 1, allowLeadingZeros: i > 0 });
      if (/[a-z]/.test(c)) return faker.string.alpha({ length: 1, casing: "lower" });
      if (/[A-Z]/.test(c)) return faker.string.alpha({ length: 1, casing: "upper" });
      return c;
    })
    .join("");
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A JWT's claims (its middle part, base64url JSON), or null when it is not one. */
function claimsOf(payload: string): Record<string, unknown> | null {
  const claims = parsedJson(Buffer.from(payload, "base64url").toString("utf8"));
  return claims && typeof claims === "object" && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
}

/** A base64 string's bytes as text, when they are text (an HTML result); null otherwise. */
function decodedText(value: string): string | null {
  if (value.length < 200 || !BASE64.test(value)) return null;
  const bytes = Buffer.from(value, "base64");
  if (documentKind(bytes)) return null;
  return bytes.toString("utf8");
}

/** What a decoded base64 value is when it is binary: a PDF, an image (kept as png), or other bytes; null for text. */
function documentKind(bytes: Buffer): "pdf" | "png" | "binary" | null {
  if (bytes.subarray(0, 4).toString("latin1") === "%PDF") return "pdf";
  if (bytes[0] === 0x89 && bytes.subarray(1, 4).toString("latin1") === "PNG") return "png";
  if ((bytes[0] === 0xff && bytes[1] === 0xd8) || bytes.subarray(0, 3).toString("latin1") === "GIF") return "png";
  const text = bytes.toString("utf8");
  // Text decodes without replacement characters and has no control characters but white space.
  if (!text.includes("\uFFFD") && ![...text].some((c) => c.charCodeAt(0) < 0x20 && !"\t\n\r\f".includes(c))) return null;
  return "binary";
}

function keyOf(value: string): string {
  return value.normalize("NFC").toLowerCase();
}

/** The words of a value as the file's search for an original sees them: runs of letters and digits. */
function wordsOf(value: string): string[] {
  return keyOf(value).split(/[^\p{L}\p{N}]+/u).filter((word) => word !== "");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
