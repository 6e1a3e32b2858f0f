/**
 * How the portal writes a day and a time in words. Dates themselves stay DD-MM-YYYY in every language
 * (1§9, 2§9); where a weekday or month is written out, or a time of day, it is in the page's language.
 */
export const dateTexts = {
  /** Sunday first, as JavaScript and luxon (weekday % 7) count them. */
  weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  /** A time of day, "9:05 am" and "3:05 pm", from its 12-hour clock reading. */
  time: (clock: string, afternoon: boolean) => `${clock} ${afternoon ? "pm" : "am"}`,
  /** "24-11-2026 at 3:05 pm". */
  dateAt: (date: string, time: string) => `${date} at ${time}`,
  /** "Tuesday 24 November 2026". */
  longDay: (weekday: string, day: number, month: string, year: number) => `${weekday} ${day} ${month} ${year}`,
  /** "Tuesday 24 November 2026, 3:05 pm". */
  longDayAt: (longDay: string, time: string) => `${longDay}, ${time}`,
} as const;
