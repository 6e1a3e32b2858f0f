import type { fieldTexts as english } from "./field";
import { teReo } from "~/lib/te-reo";

/** The form fields' own words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const fieldTexts = teReo<typeof english>({
  errorPrefix: ["Hapa: ", "drafted"],
  showPassword: ["Whakaatu", "drafted"],
  hidePassword: ["Huna", "drafted"],
});
