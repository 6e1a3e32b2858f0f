/**
 * The portal's languages (issue 69, decisions/403). Each language is a build of its own, so a page
 * carries only its own words: `LANGUAGE` is the language of the build this code is part of.
 */
import { recordTexts } from "./texts/record";

export const LANGUAGES = ["en", "mi"] as const;
export type Language = (typeof LANGUAGES)[number];

declare const __LANGUAGE__: Language | undefined;
/** Set by vite.config.ts for each build; code run outside one (tests, the server's own bundle) is English. */
export const LANGUAGE: Language = typeof __LANGUAGE__ === "string" ? __LANGUAGE__ : "en";

declare const __TE_REO_UNDER_REVIEW__: boolean | undefined;
/** Whether any te reo word awaits review, or any catalogue has no te reo yet: read from the catalogues at build time (vite.config.ts). */
export const TE_REO_UNDER_REVIEW: boolean = typeof __TE_REO_UNDER_REVIEW__ === "boolean" ? __TE_REO_UNDER_REVIEW__ : true;

/** `<html lang>` and Content-Language: New Zealand English, te reo Māori. */
export const HTML_LANG: Readonly<Record<Language, string>> = { en: "en-NZ", mi: "mi" };

/** The patient's choice, kept by the browser a year; read by the server before any build answers (server/index.ts). */
export const LANGUAGE_COOKIE = "portal-language";
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The language of what the practice wrote (medication names, results, letters, messages: decisions/403, "The
 * practice's words"), for the element holding it: "en" inside a page of another language, so that a screen
 * reader reads it as English; nothing in an English page, whose `<html lang>` already says so.
 */
export const PRACTICE_LANG: string | undefined = LANGUAGE === "en" ? undefined : "en";

/** PRACTICE_LANG for a field that shows the portal's own "Not recorded" when the practice sent nothing. */
export const practiceLang = (text: string | null | undefined): string | undefined => (text && text !== recordTexts.notRecorded ? PRACTICE_LANG : undefined);

export const isLanguage = (value: unknown): value is Language => typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
