/** The language choice (issue 69, decisions/403): each language named in its own words, the control named in both. */
export const languageTexts = {
  /** Each language's name as its speakers write it, whatever the page's language. */
  names: { en: "English", mi: "Te reo Māori" },
  /** The control's name in both languages, so a reader of either knows what it does. */
  /** Where a phone's header has no room for the whole name: words of it. */
  shortNames: { en: "English", mi: "Māori" },
  control: { mi: "Reo", en: "Language" },
  /** Said in the te reo build while any of its words awaits a te reo speaker's review (decisions/403): in te reo, then English. */
  underReview: { mi: "He kupu hukihuki ētahi o ngā kupu Māori o tēnei tomokanga, e tatari ana kia arotakehia e tētahi mātanga reo.", en: "Some of this portal's te reo Māori words are drafts, awaiting review by a te reo speaker; some screens are still in English." },
};
