/** The table standing in for a chart's drawing (components/charts/chart-figure.tsx). */
export const chartTexts = {
  category: "Category",
  number: "Number",
} as const;
