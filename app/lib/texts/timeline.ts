/** 2§2 Timeline and 2§5's filter rules, with their wording. */
export const timelineTexts = {
  fromMissing: "Enter a start date too, or clear the end date",
  toMissing: "Enter an end date too, or clear the start date",
  fromAfterToday: "The start date cannot be later than today",
  fromTooEarly: "The start date cannot be earlier than one year ago",
  toAfterToday: "The end date cannot be later than today",
  toNotAfterFrom: "The end date must be after the start date",
  searchTooLong: "Search for at most 100 characters",
  providerUnknown: "Choose a provider from the list",
} as const;
