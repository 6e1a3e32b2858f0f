import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { getPracticeSettings } from "~/.server/practice/patient.server";
import { medicationsTexts } from "~/areas/medications/texts";
import { useMockServer, type TestWorld } from "../helpers/mock-world";

/** The portal's read of the practice settings (1§7 LoadPracticeSetting) applies 1§3's defaults, over HTTP. */
const mock = useMockServer();

describe("the practice settings as the portal reads them", () => {
  let empty: TestWorld;
  let plain: TestWorld;
  beforeAll(async () => {
    [empty, plain] = await Promise.all([mock.createWorld({ scenario: "repeat-settings", seed: 3 }), mock.createWorld({ seed: 3 })]);
  });

  it("a practice that leaves them empty: the default notice, no urgent notes, \"N/A\" terms, preferred pharmacy and pharmacy id", async () => {
    const s = await empty.signIn("solo");
    const settings = await getPracticeSettings(s.api, s.id);
    expect(settings).toMatchObject({
      PortalRepeatMedSetting: medicationsTexts.defaultNotice,
      RepeatRxUrgentNotes: "",
      PortalMessageTermsandConditions: "N/A",
      PrefPharmacy: "N/A",
      PharmacyId: "N/A",
    });
    // The practice itself sent them empty: the defaults are the portal's reading, not the mock's data.
    const raw = await s.api.call(endpoints.practiceSettings, { query: { PatientID: s.id, PortalSettingTypeID: "1" } });
    expect(raw).toMatchObject({ PortalRepeatMedSetting: "", PrefPharmacy: "", PharmacyId: "", PortalMessageTermsandConditions: "" });
  });

  it("a practice that fills them in keeps its own words", async () => {
    const s = await plain.signIn("solo");
    const settings = await getPracticeSettings(s.api, s.id);
    expect(settings.PortalRepeatMedSetting).not.toBe(medicationsTexts.defaultNotice);
    expect(settings.RepeatRxUrgentNotes).toMatch(/same working day/);
  });
});
