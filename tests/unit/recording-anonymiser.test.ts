import { describe, expect, it } from "vitest";
import { isValidNhi } from "@contract/nhi";
import { LOOKUP_TYPES } from "@contract/profile";
import { Anonymiser } from "../../mock-server/recording/anonymiser";
import type { RecordedCall } from "../../mock-server/recording/file";
import { Recorder } from "../../mock-server/recording/recorder";

/**
 * The anonymiser of recordings (decisions/384): every kind of personal detail replaced, the same
 * original by the same made-up value wherever it is met, made-up NHIs valid test numbers, secrets
 * and tokens never kept, binary documents left out.
 */

const patient = {
  resourceType: "Patient",
  id: "P1",
  name: [{ use: "official", prefix: ["Ms"], given: ["Aroha", "Mere"], family: "Tipene", text: "Aroha Tipene" }],
  telecom: [
    { system: "phone", use: "mobile", value: "021 555 0101" },
    { system: "email", value: "aroha.tipene7@example.net" },
  ],
  address: [{ line: ["12 Kōwhai Street", "Flat 3"], city: "Hamilton", district: "Hillcrest", postalCode: "3216" }],
  extension: [{ url: "Ethnicity", valueString: "NZ Maori" }, { url: "BloodGroup", valueString: "O+" }, { url: "ContactMethods", valueString: "[]" }, { url: "NHINumber", valueString: "ZAA0067" }],
};

const message = {
  resourceType: "Communication",
  extension: [{ url: "MessageBody", valueString: "Kia ora Aroha, your bloods are fine. Call 021 555 0101 if worried." }, { url: "MessageBox", valueString: "Inbox" }, { url: "SenderName", valueString: "Dr Hemi Walker" }],
};

function anonymised(...values: unknown[]): { a: Anonymiser; out: unknown[]; text: string } {
  const a = new Anonymiser("salt");
  for (const value of values) a.collect(value);
  const out = values.map((value) => a.apply(value));
  return { a, out, text: JSON.stringify(out) };
}

describe("the recording anonymiser", () => {
  it("replaces names, NHI, phones, e-mails, address lines, postcode and free text, wherever they are", () => {
    const { text } = anonymised(patient, message);
    for (const original of ["Aroha", "Mere", "Tipene", "021 555 0101", "aroha.tipene7@example.net", "12 Kōwhai Street", "Flat 3", "Hillcrest", "3216", "ZAA0067", "your bloods are fine", "Hemi", "Walker"]) {
      expect(text, original).not.toContain(original);
    }
    // What is not personal is kept: the title, the city, the coded values, the box.
    for (const kept of ['"Ms"', "Hamilton", "NZ Maori", "O+", "Inbox", "Dr "]) expect(text).toContain(kept);
  });

  it("gives the same original the same made-up value in every reply and request", () => {
    const proxyUsers = { entry: [{ resource: { name: [{ given: ["Aroha"], family: "Tipene" }] } }] };
    const request = { PatientName: "Aroha Tipene", SearchText: "Tipene" };
    const { a, out } = anonymised(patient, proxyUsers, request);
    const given = a.substituteOf("Aroha")!;
    const family = a.substituteOf("Tipene")!;
    expect(given).toMatch(/^\p{Lu}/u);
    expect(family).toMatch(/^\p{Lu}/u);
    const [p, proxies, req] = out as [typeof patient, typeof proxyUsers, typeof request];
    expect(p.name[0]).toMatchObject({ given: [given, a.substituteOf("Mere")], family, text: `${given} ${family}` });
    expect(proxies.entry[0].resource.name[0]).toEqual({ given: [given], family });
    expect(req.PatientName).toBe(`${given} ${family}`);
    // A made-up value is the same in another recording only by chance: the salt is each recording's.
    const other = new Anonymiser("another salt");
    other.collect(patient);
    expect([other.substituteOf("Aroha"), other.substituteOf("Tipene")]).not.toEqual([given, family]);
  });

  it("makes a given name up as a given name when the name's text comes before its parts (the practice's key order)", () => {
    const textFirst = new Anonymiser("salt");
    textFirst.collect({ name: [{ text: "Aroha Tipene", given: ["Aroha"], family: "Tipene" }] });
    const partsOnly = new Anonymiser("salt");
    partsOnly.collect({ name: [{ given: ["Aroha"], family: "Tipene" }] });
    expect(textFirst.substituteOf("Aroha")).toBe(partsOnly.substituteOf("Aroha"));
    expect(textFirst.substituteOf("Tipene")).toBe(partsOnly.substituteOf("Tipene"));
    // A whole name alone (a clinician's, a sender's): the words before the last are given names.
    const whole = new Anonymiser("salt");
    whole.collect({ SenderName: "Dr Aroha Tipene" });
    expect([whole.substituteOf("Aroha"), whole.substituteOf("Tipene")]).toEqual([partsOnly.substituteOf("Aroha"), partsOnly.substituteOf("Tipene")]);
  });

  it("makes valid NHIs in the Z test range, one per original", () => {
    const nhis = ["ZAA0067", "ZAA0075", "ZAA0083"];
    const a = new Anonymiser("salt");
    for (const nhi of nhis) a.collect({ extension: [{ url: "NHINumber", valueString: nhi }] });
    const made = nhis.map((nhi) => a.substituteOf(nhi)!);
    for (const nhi of made) {
      expect(isValidNhi(nhi), nhi).toBe(true);
      expect(nhi).toMatch(/^Z/);
    }
    expect(new Set(made).size).toBe(3);
    expect(made.some((nhi) => nhis.includes(nhi))).toBe(false);
  });

  it("keeps no password or secret, turns tokens into the same placeholder everywhere, and matches the case found", () => {
    const a = new Anonymiser("salt");
    const signIn = { UserName: "aroha@example.org", Password: "Secret-123", q: "" };
    const reply = [{ resourceType: "Patient", extension: [{ url: "Token", valueString: "5b0c-token" }] }];
    const later = { Token: "5b0c-token", PatientID: "P1", Heading: "TIPENE, AROHA" };
    a.collect(patient);
    for (const value of [signIn, reply, later]) a.collect(value);
    const out = JSON.stringify([a.apply(signIn), a.apply(reply), a.apply(later)]);
    expect(out).not.toContain("Secret-123");
    expect(out).not.toContain("5b0c-token");
    expect(out).not.toContain("aroha@example.org");
    expect(out.match(/recorded-token-1/g)).toHaveLength(2);
    expect(a.apply(signIn)).toMatchObject({ Password: "[redacted]", q: "" });
    expect(a.apply(later)).toMatchObject({ Heading: `${a.substituteOf("Tipene")!.toUpperCase()}, ${a.substituteOf("Aroha")!.toUpperCase()}` });
  });

  it("leaves PDFs and images out as placeholders, and anonymises a base64 text document inside", () => {
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(300, 7)]).toString("base64");
    const html = Buffer.from(`<html><body><p>Patient: Aroha Tipene, NHI ZAA0067</p>${" ".repeat(300)}</body></html>`).toString("base64");
    const { a, out } = anonymised(patient, { PDFFileName: pdf }, { data: html });
    expect(out[1]).toEqual({ PDFFileName: "recorded-document:pdf" });
    const text = Buffer.from((out[2] as { data: string }).data, "base64").toString("utf8");
    expect(text).toContain(`Patient: ${a.substituteOf("Aroha")} ${a.substituteOf("Tipene")}, NHI ${a.substituteOf("ZAA0067")}`);
  });

  it("finds e-mails, NHIs and phone numbers in free text it has no field for", () => {
    const { text } = anonymised({ ResponseMessage: "Sent to hemi.w@example.com about ZAA0091, phone 07 555 1234" });
    expect(text).not.toMatch(/hemi\.w@example\.com|ZAA0091|07 555 1234/);
  });
});

describe("a birth date", () => {
  const ageOn = (birth: string, day: string) => {
    const [y, m, d] = birth.split("-").map(Number);
    const [ty, tm, td] = day.split("-").map(Number);
    return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
  };

  it("is replaced by another with the same age on the recording's day, the same in the reply and in the portal's update", () => {
    const today = "2026-11-28";
    const births = ["2012-11-29", "2012-11-28", "2010-03-15", "1958-02-28", "2026-01-02"];
    for (const birthDate of births) {
      const a = new Anonymiser(`salt ${birthDate}`, today);
      const reply = { resourceType: "Patient", id: "P1", birthDate };
      const update = { PatientID: "P1", DOB: birthDate };
      a.collect(reply);
      a.collect(update);
      const [out, sent] = [a.apply(reply) as typeof reply, a.apply(update) as typeof update];
      expect(out.birthDate, birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(out.birthDate).not.toBe(birthDate);
      expect(sent.DOB).toBe(out.birthDate);
      // 14 tomorrow stays 13, 14 today stays 14: whānau access decides the same in the replay.
      expect(ageOn(out.birthDate, today), birthDate).toBe(ageOn(birthDate, today));
    }
  });

  it("that is no date is left to the other rules", () => {
    const a = new Anonymiser("salt", "2026-11-28");
    a.collect({ birthDate: "" });
    a.collect({ dob: "unknown" });
    expect(a.size).toBe(0);
  });
});

describe("an original that is another's made-up value", () => {
  it("is replaced too: the earlier original is given another made-up value", () => {
    const a = new Anonymiser("salt");
    a.collect({ given: ["Aroha"] });
    const madeForAroha = a.substituteOf("Aroha")!;
    // The practice also has a person called by that made-up name.
    a.collect({ given: [madeForAroha] });
    const out = JSON.stringify(a.apply([{ given: ["Aroha"] }, { given: [madeForAroha] }]));
    expect(out).not.toMatch(new RegExp(`\\b(Aroha|${madeForAroha})\\b`));
    expect(a.substituteOf("Aroha")).not.toBe(madeForAroha);
  });

  it("as a word of one (a postcode that is a made-up phone's last digits) is replaced too, in both spellings of the phone", () => {
    const a = new Anonymiser("salt");
    a.collect({ telecom: [{ system: "phone", value: "021 555 0101" }] });
    const lastDigits = a.substituteOf("021 555 0101")!.split(" ").at(-1)!;
    // The practice also has a patient whose postcode is those four digits.
    a.collect({ address: [{ postalCode: lastDigits }] });
    const remade = a.substituteOf("021 555 0101")!;
    expect(remade.split(" ")).not.toContain(lastDigits);
    expect(a.substituteOf("0215550101")).toBe(remade.replace(/ /g, ""));
    const out = JSON.stringify(a.apply([{ telecom: [{ system: "phone", value: "021 555 0101" }] }, { mobile: "0215550101" }, { postalCode: lastDigits }]));
    expect(out).not.toMatch(new RegExp(`(?<!\\d)(${lastDigits}|021 555 0101|0215550101)(?!\\d)`));
  });

  it("is never made: no made-up value has an original as a word", () => {
    const a = new Anonymiser("salt");
    const postcodes = Array.from({ length: 400 }, (_, i) => String(1000 + i * 7));
    for (const postcode of postcodes) a.learn("postcode", postcode);
    for (let i = 0; i < 400; i++) a.learn("phone", `027 444 ${String(i).padStart(4, "0")}`);
    const known = new Set(postcodes);
    for (let i = 0; i < 400; i++) expect(known.has(a.substituteOf(`027 444 ${String(i).padStart(4, "0")}`)!.split(" ").at(-1)!)).toBe(false);
  });
});

describe("made-up names", () => {
  it("are never the original itself, and are one word each (no part of one can be another person's name)", async () => {
    const { faker } = await import("@faker-js/faker");
    faker.seed(7);
    const names = [...new Set(Array.from({ length: 120 }, (_, i) => (i % 2 ? faker.person.firstName() : faker.person.lastName())))];
    for (const salt of ["a", "b", "c"]) {
      const a = new Anonymiser(salt);
      for (const name of names) a.learn("family", name);
      for (const name of names) {
        const made = a.substituteOf(name)!;
        expect(made.toLowerCase(), name).not.toBe(name.toLowerCase());
        expect(made).toMatch(/^\p{L}+$/u);
        expect(names.map((n) => n.toLowerCase())).not.toContain(made.toLowerCase());
      }
    }
  });
});

describe("places and clinicians", () => {
  it("an address line without a number is made up as a place, also inside the practice's name", () => {
    const a = new Anonymiser("salt");
    a.collect({ address: [{ line: ["Flat 5", "124 Kea Lane", "Grey Lynn"], postalCode: "1021" }] });
    const place = a.substituteOf("Grey Lynn")!;
    expect(place).toMatch(/^(\p{L}+ ){1,2}(Heights|Park|Bay|Hill|Valley|Grove|Downs|Beach)$/u);
    expect(a.substituteOf("124 Kea Lane")).toMatch(/^\d+ \p{L}+ \p{L}+$/u);
    expect(a.apply({ LookupName: "Grey Lynn Family Doctors" })).toEqual({ LookupName: `${place} Family Doctors` });
  });
});

describe("a recording's providers lookup", () => {
  const lookup = (names: string[]) => [{ resourceType: "Bundle", total: names.length, entry: names.map((name, i) => ({ resource: { resourceType: "Basic", extension: [{ url: "LookupID", valueString: String(i + 1) }, { url: "LookupName", valueString: name }] } })) }];
  const call = (typeId: string, names: string[]): RecordedCall => ({ scope: "practice", method: "GET", path: "IndiciLookup", query: { TypeID: typeId, PatientID: "P1" }, body: null, status: 200, contentType: "application/json", reply: { kind: "json", value: lookup(names) } });

  it("lists clinicians met nowhere else: their names are made up; other lookups' words are kept", () => {
    const recorder = new Recorder("http://127.0.0.1:4010");
    recorder.record(call(LOOKUP_TYPES.timelineProviders, ["Dr Hemi Walker", "Nurse Ana Tupou"]));
    recorder.record(call(LOOKUP_TYPES.appointmentTypes, ["Nurse Visit", "Doctor Visit"]));
    const text = JSON.stringify(recorder.file().calls);
    for (const original of ["Hemi", "Walker", "Ana", "Tupou"]) expect(text).not.toMatch(new RegExp(`\\b${original}\\b`));
    expect(text).toMatch(/"Dr \p{L}+ \p{L}+"/u);
    expect(text).toMatch(/"Nurse \p{L}+ \p{L}+"/u);
    expect(text).toContain('"Nurse Visit"');
  });
});

describe("a video consult's way in (issue 67, F7)", () => {
  const config = { JoinUrl: "https://practice.zoom.us/j/81234567890?pwd=Zk1hR2xNQ2Zv.1&uname=Aroha", MeetingNumber: "81234567890", PassCode: "k3Xq9z" };
  const appointment = { resourceType: "Appointment", id: "A1", extension: [{ url: "AppointmentType", valueString: "Video Consult" }, { url: "VideoConsultConfig", valueString: JSON.stringify(config) }] };
  const claims = { appKey: "portalMockSdkKey0001", sdkKey: "portalMockSdkKey0001", mn: 81234567890, role: 0, iat: 1, exp: 2, tokenExp: 2 };
  const jwt = `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString("base64url")}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.c2lnbmF0dXJlLW9mLXRoZS1wcmFjdGljZQ`;

  it("makes up the meeting number, the pass code, the join address and its pwd, in the same shapes, wherever they are", () => {
    const message = { extension: [{ url: "MessageBox", valueString: "Inbox" }, { url: "Link", valueString: `Join at ${config.JoinUrl} please` }] };
    const request = { meetingNumber: "81234567890", role: 0 };
    const { out, text } = anonymised(appointment, { signature: jwt }, message, request);
    for (const original of ["81234567890", "k3Xq9z", "Zk1hR2xNQ2Zv", "practice.zoom.us/j/81234567890", jwt.split(".")[1], jwt.split(".")[2]]) expect(text, original).not.toContain(original);
    const [a, signed, , req] = out as [typeof appointment, { signature: string }, unknown, typeof request];
    const made = JSON.parse(a.extension.find((e) => e.url === "VideoConsultConfig")!.valueString) as typeof config;
    expect(made.MeetingNumber).toMatch(/^[1-9]\d{10}$/);
    expect(made.PassCode).toMatch(/^[a-z]\d[A-Z][a-z]\d[a-z]$/);
    const url = new URL(made.JoinUrl);
    expect(url.origin).toBe("https://practice.zoom.us");
    expect(url.pathname).toBe(`/j/${made.MeetingNumber}`);
    expect(url.searchParams.get("pwd")).toMatch(/^[A-Z][a-z]\d[a-z][A-Z]\d[a-z][A-Z][A-Z]\d[A-Z][a-z]\.\d$/);
    expect(url.searchParams.get("uname")).not.toBe("Aroha");
    // The request the portal sends back names the same made-up meeting, and so do the signature's claims.
    expect(req.meetingNumber).toBe(made.MeetingNumber);
    const [header, payload, signature] = signed.signature.split(".");
    expect(header).toBe(jwt.split(".")[0]);
    expect(JSON.parse(Buffer.from(payload, "base64url").toString("utf8"))).toEqual({ ...claims, mn: Number(made.MeetingNumber) });
    expect(signature).toHaveLength(jwt.split(".")[2].length);
    expect(text).toContain(made.JoinUrl);
  });
});
