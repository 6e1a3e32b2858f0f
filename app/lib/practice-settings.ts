import type { PracticeSettingName, PracticeSettings } from "@contract/patient";

/**
 * The repeat-medication notice when the practice sends none: reception, two working days, six-monthly
 * review. The medications area shows it as its own text (medicationsTexts.defaultNotice).
 */
export const DEFAULT_REPEAT_NOTICE =
  "Repeat prescriptions can be collected from reception, or are sent to your chosen pharmacy, two working days after your request. " +
  "Please allow two working days before collecting. Long-term medicines need a review with your doctor every six months: if yours is due, the practice will ask you to book an appointment first.";

/**
 * 1§3 "Defaults when empty": what a setting reads as when the practice sends it empty, blank or null
 * (or not at all). Applied once, where the portal reads the settings (getPracticeSettings), so every
 * screen and action sees the same values.
 */
export const SETTING_DEFAULTS = {
  PortalRepeatMedSetting: DEFAULT_REPEAT_NOTICE,
  // 1§3 says "testing": a placeholder of the original that no patient should read, so empty stays
  // empty and no notes are shown (docs/spec-deviations.md, decisions/170).
  RepeatRxUrgentNotes: "",
  PortalMessageTermsandConditions: "N/A",
  PrefPharmacy: "N/A",
  PharmacyId: "N/A",
} as const satisfies Partial<Record<PracticeSettingName, string>>;

export type DefaultedSetting = keyof typeof SETTING_DEFAULTS;

/** The settings as the screens read them: the defaulted ones are always present. */
export type PracticeSettingsRead = PracticeSettings & Record<DefaultedSetting, string>;

export function withSettingDefaults(settings: PracticeSettings): PracticeSettingsRead {
  const read: Record<string, string> = { ...settings };
  for (const [name, fallback] of Object.entries(SETTING_DEFAULTS)) {
    if ((read[name] ?? "").trim() === "") read[name] = fallback;
  }
  return read as PracticeSettingsRead;
}

/** "N/A" is the practice's (and 1§3's) word for none: read it, or nothing, as null. */
export function settingGiven(value: string | undefined): string | null {
  const text = value?.trim() ?? "";
  return text === "" || text.toUpperCase() === "N/A" ? null : text;
}
