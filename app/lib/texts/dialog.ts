/** The dialog's own words (components/ui/dialog.tsx), one module with it so they travel in its chunk. */
export const dialogTexts = {
  /** The × button; a dialog that offers its own Close (the document viewer's) has no second one. */
  close: "Close",
} as const;
