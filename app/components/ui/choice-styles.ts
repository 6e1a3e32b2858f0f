/** A tab of a radix-ui tab list: the chosen one underlined in the brand colour. */
export const tabClass =
  "min-h-11 border-b-4 border-transparent px-4 font-semibold text-muted data-[state=active]:border-brand data-[state=active]:text-ink focus-visible:outline-2 focus-visible:outline-offset-2";

/** A badge that filters a list (History's Completed/Missed, the timeline's ranges): filled when chosen. */
export const badgeClass = (on: boolean) => `inline-flex min-h-11 items-center rounded-full border-2 border-brand px-4 font-semibold ${on ? "bg-brand text-white" : "bg-white text-brand"}`;
