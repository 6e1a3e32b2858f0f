import { describe, expect, it } from "vitest";
import { PracticeSettingsReplySchema } from "@contract/patient";
import { medicationsTexts } from "~/areas/medications/texts";
import { settingGiven, SETTING_DEFAULTS, withSettingDefaults } from "~/lib/practice-settings";

describe("1§3's defaults for empty settings", () => {
  it("an empty, blank, null or missing setting takes its default", () => {
    const reply = PracticeSettingsReplySchema.parse([
      { id: "PortalRepeatMedSetting", value: "" },
      { id: "RepeatRxUrgentNotes", value: null },
      { id: "PrefPharmacy", value: "   " },
      { id: "PortalEnableReply", value: "1" },
    ]);
    expect(withSettingDefaults(reply)).toEqual({
      PortalRepeatMedSetting: medicationsTexts.defaultNotice,
      RepeatRxUrgentNotes: "",
      PortalMessageTermsandConditions: "N/A",
      PrefPharmacy: "N/A",
      PharmacyId: "N/A",
      PortalEnableReply: "1",
    });
  });

  it("the repeat-medication notice's default is the long notice: reception, two working days, six-monthly review", () => {
    expect(SETTING_DEFAULTS.PortalRepeatMedSetting).toMatch(/reception/);
    expect(SETTING_DEFAULTS.PortalRepeatMedSetting).toMatch(/two working days/);
    expect(SETTING_DEFAULTS.PortalRepeatMedSetting).toMatch(/six months/);
  });

  it("keeps what the practice wrote, and settings without a default as they came", () => {
    const given = { PortalRepeatMedSetting: "Collect after 3pm", RepeatRxUrgentNotes: "Same day, $10", PortalMessageTermsandConditions: "Be kind", PrefPharmacy: "Unichem", PharmacyId: "713", IsRxFax: "" };
    expect(withSettingDefaults(given)).toEqual(given);
  });

  it("\"N/A\", in any case, or nothing reads as none", () => {
    expect(settingGiven("N/A")).toBeNull();
    expect(settingGiven(" n/a ")).toBeNull();
    expect(settingGiven("")).toBeNull();
    expect(settingGiven(undefined)).toBeNull();
    expect(settingGiven(" 713 ")).toBe("713");
  });
});
