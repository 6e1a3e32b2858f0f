import { inflateSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { PROFILE_PHOTO_DOCUMENT_KEY } from "@contract/patient";
import { getPatientPhoto, getProxyUsers } from "~/.server/practice/patient.server";
import { PracticeApiError } from "~/.server/practice/client.server";
import { useMockServer, type TestWorld } from "../helpers/mock-world";

/** GET Patient/LoadImage (1§7) against the mock over HTTP, through the portal's practice client. */
const mock = useMockServer();

/** Width and height from a PNG's IHDR, and whether its pixels inflate to that size. */
function pngSize(bytes: Buffer) {
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const idat = bytes.indexOf("IDAT");
  const length = bytes.readUInt32BE(idat - 4);
  const pixels = inflateSync(bytes.subarray(idat + 4, idat + 4 + length));
  return { width, height, complete: pixels.length === height * (1 + width * 3) };
}

describe("the patient's photo", () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await mock.createWorld({ seed: 12 });
  });

  it("a patient with a full record has one: a real PNG, the same picture at every call", async () => {
    const s = await world.signIn("solo");
    const photo = await getPatientPhoto(s.api, s.id);
    expect(photo?.contentType).toBe("image/png");
    expect(pngSize(Buffer.from(photo!.base64, "base64"))).toEqual({ width: 160, height: 160, complete: true });
    expect((await getPatientPhoto(s.api, s.id))?.base64).toBe(photo!.base64);
    const [call] = (await world.requests({ path: "Patient/LoadImage" })).slice(-1);
    expect(call.query).toEqual({ PatientID: s.id, DocumentKey: PROFILE_PHOTO_DOCUMENT_KEY });
  });

  it("the same world's seed draws the same photo in another world; another seed another photo", async () => {
    const [again, other] = await Promise.all([mock.createWorld({ seed: 12 }), mock.createWorld({ seed: 13 })]);
    const photoIn = async (w: TestWorld) => {
      const s = await w.signIn("solo");
      return (await getPatientPhoto(s.api, s.id))!.base64;
    };
    const first = await photoIn(world);
    expect(await photoIn(again)).toBe(first);
    expect(await photoIn(other)).not.toBe(first);
  });

  it("a new patient, and the family's partner, have none: the reply is empty and reads as null", async () => {
    const empty = await world.signIn("empty");
    expect(await getPatientPhoto(empty.api, empty.id)).toBeNull();
    const raw = await world.signInHttp("empty");
    const res = await fetch(`${raw.base}Patient/LoadImage?PatientID=${raw.id}&DocumentKey=${PROFILE_PHOTO_DOCUMENT_KEY}`, { headers: { Token: raw.token } });
    expect(await res.json()).toBe("");

    const family = await world.signIn("family");
    const members = (await getProxyUsers(family.api, family.id)).resources;
    const partner = members.find((m) => m.extension.relationship === "Partner")!;
    const child = members.find((m) => m.extension.relationship === "Child")!;
    expect(await getPatientPhoto(family.api, partner.id)).toBeNull();
    expect((await getPatientPhoto(family.api, child.id))?.contentType).toBe("image/png");
  });

  it("another patient's photo is refused (403); another document key has no image", async () => {
    const solo = await world.signIn("solo");
    const empty = await world.signIn("empty");
    await expect(getPatientPhoto(empty.api, solo.id)).rejects.toMatchObject({ kind: "forbidden" } satisfies Partial<PracticeApiError>);
    expect(await solo.api.call(endpoints.loadImage, { query: { PatientID: solo.id, DocumentKey: "SomethingElse" } })).toBeNull();
  });
});
