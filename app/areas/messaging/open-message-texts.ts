/**
 * The open message's and the page's smaller dialogs' own words (2§2): loaded with them when the patient reaches for
 * the messages, not with the page (decisions/361); what the page also says is in messagingTexts.
 */
export const openMessageTexts = {
  /** Where the open message is in the list shown. */
  selectedAt: (position: number, total: number | undefined) => (total === undefined ? `selected ${position}` : `selected ${position} of ${total}`),
  /** Before the other side's name: who it is from (Inbox) or to. */
  from: "From:",
  to: "To:",
  reply: "Reply",
  sendMessage: "Send Message",
  editMessage: "Edit Message",
  delete: "Delete",
  attachments: "Attachments",
  pdfFiles: "PDF files",
  images: "Images",
  /** An attachment in its list: its number and title. */
  numbered: (n: number, title: string) => `${n}. ${title}`,
  opensPdf: "(PDF File, opens a preview)",
  opensImage: "(JPG File, opens a preview)",
  /** Sending a draft as it is. */
  sendDraftConfirm: "Send this draft to the practice now?",
  sending: "Sending…",
  removingDraft: "Removing the draft…",
  draftNotSent: "Nothing was sent and the draft is still in Drafts.",
  tryAgain: "Try again",
  send: "Send",
  removeDraftAgain: "Try removing the draft again",
  cancel: "Cancel",
  deleteTitle: (count: number) => (count > 1 ? "Delete Multiple Messages" : "Delete Message"),
  deleteConfirm: (count: number) => (count > 1 ? `Delete the ${count} selected messages? This cannot be undone.` : "Delete this message? This cannot be undone."),
  deleting: "Deleting…",
  /** An image attachment's preview, titled by its type. */
  pngFile: "PNG File",
  jpgFile: "JPG File",
  download: "Download",
  close: "Close",
} as const;
