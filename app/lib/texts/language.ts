/** The language choice (issue 69, decisions/403): each language named in its own words, the control named in both. */
export const languageTexts = {
  /** Each language's name as its speakers write it, whatever the page's language. */
  names: { en: "English", mi: "Te reo Māori" },
  /** The control's name in both languages, so a reader of either knows what it does. */
  control: { mi: "Reo", en: "Language" },
};
