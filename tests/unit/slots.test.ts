import { describe, expect, it } from "vitest";
import { AuthSlots, readAuthReply, PatientAuthReplySchema } from "@contract/auth";
import { bundleOf, toBundle } from "@contract/fhir";
import { MenuItemSchema, MenuItemSlots, PatientSlots, PracticeSettingsReplySchema, RefreshCounterReplySchema } from "@contract/patient";
import { defineSlots, slot } from "@contract/slots";

describe("slot layouts", () => {
  it("writes values at their positions and reads them back", () => {
    const wire = PatientSlots.write({ ethnicity: "NZ European", nhi: "ZAC5361", enableEmail: true });
    expect(wire[3]).toEqual({ url: "NHINumber", valueString: "ZAC5361" });
    expect(wire[4]).toEqual({ url: "EnableEmail", valueBoolean: true });
    expect(wire).toHaveLength(8);
    expect(PatientSlots.read(wire)).toEqual({
      ethnicity: "NZ European",
      nhi: "ZAC5361",
      enableEmail: true,
      bloodGroup: undefined,
      contactMethods: undefined,
      enableNotification: undefined,
      deviceToken: undefined,
      preferredContactMethod: undefined,
    });
  });

  it("reads by position, whatever the url says", () => {
    const read = AuthSlots.read([{ url: "anything", valueString: "tok" }, { valueBoolean: false }]);
    expect(read).toEqual({ token: "tok", passwordReset: false });
  });

  it("rejects a missing required slot and a value of the wrong type, naming the position", () => {
    expect(AuthSlots.schema.safeParse([{ valueString: "tok" }]).success).toBe(false);
    const wrongType = AuthSlots.schema.safeParse([{ valueString: "tok" }, { valueString: "true" }]);
    expect(wrongType.success).toBe(false);
    expect(wrongType.error?.issues[0].message).toContain("extension[1].valueBoolean");
  });

  it("accepts a missing optional slot", () => {
    const parsed = MenuItemSchema.parse({ resourceType: "Basic", id: "1", extension: [{ valueString: "Diagnosis" }, {}, { valueString: "26" }] });
    expect(parsed.extension).toEqual({ name: "Diagnosis", unused: undefined, typeCode: "26" });
  });

  it("refuses two slots at one position", () => {
    expect(() => defineSlots({ a: slot.string(0, "A"), b: slot.boolean(0, "B") })).toThrow(/share a position/);
  });

  it("round-trips a menu item through the wire shape", () => {
    const item = { resourceType: "Basic" as const, id: "m1", extension: MenuItemSlots.write({ name: "Messages", typeCode: "11" }) };
    expect(MenuItemSchema.parse(item).extension.typeCode).toBe("11");
  });
});

describe("bundles", () => {
  const Schema = bundleOf(MenuItemSchema);

  it("flattens the first item's entries", () => {
    const wire = toBundle([{ resourceType: "Basic", id: "a", extension: MenuItemSlots.write({ name: "A", typeCode: "26" }) }]);
    expect(Schema.parse(wire)).toMatchObject({ total: 1, resources: [{ id: "a" }] });
  });

  it("treats an empty or missing entry list as an empty list (1§7)", () => {
    expect(Schema.parse([])).toStrictEqual({ total: undefined, resources: [] });
    expect(Schema.parse([{ resourceType: "Bundle", total: 0 }])).toEqual({ total: 0, resources: [] });
    expect(Schema.parse([{ entry: null }])).toStrictEqual({ total: undefined, resources: [] });
  });

  it("reads a total left out or null as none, never as the page's length (decisions/396)", () => {
    const wire = toBundle([{ resourceType: "Basic", id: "a", extension: MenuItemSlots.write({ name: "A", typeCode: "26" }) }]);
    expect(Schema.parse([{ ...wire[0], total: undefined }]).total).toBeUndefined();
    expect(Schema.parse([{ ...wire[0], total: null }]).total).toBeUndefined();
    expect(Schema.parse([{ ...wire[0], total: "12" }]).total).toBe(12);
  });
});

describe("sign-in reply", () => {
  it("reads the token and reset flag of an accepted sign-in", () => {
    const reply = PatientAuthReplySchema.parse([
      { resourceType: "Patient", id: "p1", name: [{ text: "Mere Parata" }], extension: AuthSlots.write({ token: "t1", passwordReset: true }) },
    ]);
    expect(readAuthReply(reply)).toEqual({ kind: "signedIn", patientId: "p1", name: "Mere Parata", token: "t1", passwordReset: true });
  });

  it("reads a rejection with its message", () => {
    expect(readAuthReply(PatientAuthReplySchema.parse({ StatusCode: 2, ResponseMessage: "Account locked" }))).toEqual({
      kind: "rejected",
      statusCode: "2",
      message: "Account locked",
    });
  });

  it("reads a first item without resourceType as no resource", () => {
    expect(readAuthReply(PatientAuthReplySchema.parse([{}]))).toEqual({ kind: "noResource" });
    expect(readAuthReply(PatientAuthReplySchema.parse([]))).toEqual({ kind: "noResource" });
  });
});

describe("counters and settings", () => {
  it("takes the first item's counters, accepting numeric strings", () => {
    const zero = { InboxCounter: 0, MedicationsCounter: 0, TestResultsCounter: 0, AppointmentsCounter: 0, completedcount: 0, futurecount: 0, missedcount: 0, facetofacecount: 0, videoconsultappointmentcount: 0, phonetriagecount: 0, totalpatientappointments: 0 };
    expect(RefreshCounterReplySchema.parse([{ ...zero, InboxCounter: "4" }]).InboxCounter).toBe(4);
    expect(RefreshCounterReplySchema.safeParse([]).success).toBe(false);
    expect(RefreshCounterReplySchema.safeParse([{ ...zero, InboxCounter: -1 }]).success).toBe(false);
  });

  it("reads settings into a map by id", () => {
    expect(PracticeSettingsReplySchema.parse([{ id: "PortalEnableReply", value: "1" }, { id: "PrefPharmacy", value: null }])).toEqual({ PortalEnableReply: "1", PrefPharmacy: "" });
  });
});
