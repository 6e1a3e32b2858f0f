import type { ProxyView } from "~/lib/whanau-access";

/** "Who can see my record" (issue 55, decisions/382): the young person's own choices for each parent or guardian. */
export const sharingTexts = {
  title: "Who can see my record",
  intro:
    "Parents and guardians the practice has linked to your record can act for you in the portal. Here you see each of them and how much of your record they see, and from your own sign-in you choose.",
  rules: (limitedFrom: number, adultFrom: number, limited: string) =>
    `Unless you choose, the practice's rules decide by your age: until ${limitedFrom} they see everything; from ${limitedFrom} your ${limited}; from ${adultFrom} nothing.`,
  confidential: "What the practice marks confidential (such as sexual health and contraception) is never shown to them, whatever you choose.",
  notYet: (birthday: string, age: number) => `From your ${ordinal(age)} birthday, on ${birthday}, you can choose here how much each of them sees.`,
  none: "No parent or guardian has acted for your record through the portal yet. One who does is listed here, and you can then choose how much they see.",
  proxyOnly: (name: string) => `Only ${name} can choose who sees their record, from their own sign-in.`,
  listLabel: "Parents and guardians",
  seesNow: "Sees now",
  since: (date: string) => `Acting for you through the portal since ${date}`,
  legend: (name: string) => `How much ${name} sees`,
  options: {
    rules: (now: string) => `What the practice's rules give for my age (now: ${now})`,
    full: "My whole record",
    limited: (limited: string) => `Only my ${limited}`,
    none: "Nothing of my record",
  },
  save: (name: string) => `Save for ${name}`,
  saving: "Saving…",
  saved: (name: string, sees: string) => `Saved. ${name} now sees ${sees}.`,
  notListed: "That person is not on your list. Choose one of the people listed.",
  pickOne: "Choose how much they see.",
  unavailable: "Your choices could not be read or saved just now. Nothing was changed. Please try again in a moment.",
  tooYoung: (age: number) => `You can choose from your ${ordinal(age)} birthday.`,
} as const;

/** How much one view shows, as a sentence's object ("your whole record"). */
export function seesWords(view: ProxyView, limited: string): string {
  if (view === "full") return "your whole record";
  if (view === "limited") return `your ${limited}`;
  return "nothing of your record";
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}
