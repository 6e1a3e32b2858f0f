export const messagingTexts = {
  pageTitle: "Messaging – Patient Portal",
  title: "Messaging",
  /** The tabs, their accessible name, and each tab's list. */
  messageBoxes: "Message boxes",
  inbox: "Inbox",
  sentBox: "Sent",
  draftBox: "Draft",
  inboxList: "Inbox messages",
  sentList: "Sent messages",
  draftList: "Draft messages",
  /** After the Inbox tab's count of unread messages, for screen readers. */
  unreadCount: "unread",
  /** The Inbox's read filter: "Show" and its choices. */
  show: "Show",
  filterAll: "All",
  filterUnread: "Unread",
  filterRead: "Read",
  /** The toolbar's accessible name. */
  messages: "Messages",
  selectAll: "Select all",
  composeMessage: "Compose Message",
  reload: "Reload",
  deleteSelected: (count: number) => (count > 0 ? `Delete selected (${count})` : "Delete selected"),
  loadingMessages: "Loading messages…",
  showingCount: (count: number) => (count === 1 ? "Showing 1 message" : `Showing ${count} messages`),
  showingOf: (count: number, total: number) => `Showing ${count} of ${total} ${total === 1 ? "message" : "messages"}`,
  /** A row's tick box: which message, by its subject, sender and date. */
  selectMessage: (subject: string, name: string, date: string) => `Select "${subject}" (${name}, ${date})`,
  /** The badge on a message not yet read. */
  unread: "Unread",
  loadingMore: "Loading more messages…",
  showMore: "Show more messages",
  /** The open message's place (and the place when none is open). */
  message: "Message",
  /** The writing dialog's title: a reply, an edited draft, a new message (as Compose Message). */
  replyTitle: "Reply Message",
  draftTitle: "Draft Message",
  loadingForm: "Loading…",
  tryAgain: "Try again",
  cancel: "Cancel",
  /** A PDF attachment's preview. */
  pdfTitle: "PDF File",
  pdfLoading: "Loading the PDF…",
  pdfFailed: "The PDF could not be shown. Download it instead.",
  pdfPageFailed: (page: number) => `Page ${page} of the PDF could not be shown.`,
  /** An attachment the practice sent without a title, by its place in the message. */
  attachmentN: (n: number) => `Attachment ${n}`,
  /** Who a message is from or to when the practice names nobody. */
  thePractice: "The practice",
  /** 2§5 compose texts, as the spec words them. */
  selectProvider: "Please Select a Provider",
  selectRole: "Please Select a Role",
  bodyRequired: "Please type something in the body of the message",
  subjectRequired: "Please type something in the subject of the message",
  bodyTooLong: "Please keep the message to 800 characters or fewer",
  subjectTooLong: "Please keep the subject to 255 characters or fewer",
  noMessageSelected: "No Message Selected",
  invalidFiles: "Selected images are not of valid type!",
  /** Why a chosen file was refused, by its name. */
  fileProblem: {
    type: (name: string) => `${name} is not a PNG, JPG or PDF file (its content was checked, not only its name)`,
    size: (name: string) => `${name} is larger than 4 MB`,
    empty: (name: string) => `${name} is empty`,
  },
  /** 2§5's alert when none of the chosen files could be attached, with why each was refused. */
  invalidFilesBecause: (problems: readonly string[]) => `Selected images are not of valid type! ${problems.join("; ")}`,
  tooManyFiles: "You can attach up to 5 files to one message",
  /** 2§8. */
  sent: "Message Sent Successfully",
  savedToDraft: "Message Saved to Draft",
  sendFailed: "Message Sending Failed",
  /** Issue 21: a send or save that met an ended session; the dialog keeps what was written. */
  sessionEnded: "Your sign-in has ended, so your message was not sent or saved. What you wrote and attached is still here: sign in again in a new tab, then come back and try again.",
  draftSessionEnded: "Your sign-in has ended, so nothing was sent and the draft is still in Drafts: sign in again in a new tab, then come back and press Try again.",
  /** Issue 36: a post whose reply did not prove it arrived, and the check that follows (decisions/215). */
  unconfirmedTitle: "We could not confirm whether your message arrived",
  unconfirmedSend: "The practice may have received it. What you wrote is still here. Check again looks in your Sent messages first and sends it only if it is not there, so it will not arrive twice.",
  unconfirmedSave: "The draft may have been saved. What you wrote is still here. Check again looks in your Drafts first and saves it only if it is not there, so it will not be saved twice.",
  unconfirmedDraft: "The practice may have received it. The draft is still in Drafts. Check again looks in your Sent messages first and sends it only if it is not there, so it will not arrive twice.",
  checkAgain: "Check again",
  /** The writing form's code could not be fetched (decisions/361): nothing was written or sent yet. */
  formUnavailable: "The message form could not be loaded. Check your connection, then try again.",
  close: "Close",
  closeUnconfirmedTitle: "Close without knowing?",
  closeUnconfirmed: "We could not confirm whether your message arrived. If you close this now, what you wrote will not be kept here. You can look in your Sent messages or Drafts later.",
  keepOpen: "Keep it open",
  closeAnyway: "Close anyway",
  foundOnCheck: "It had reached the practice, so it was not sent or saved again.",
  deleted: "Message deleted",
  deletedMany: "Messages deleted",
  deletedSome: (deleted: number, requested: number) =>
    deleted === 0
      ? `No messages were deleted: ${requested === 1 ? "it" : "they"} may have been deleted already. The list has been read again.`
      : `${deleted} of ${requested} messages were deleted. The others were not: they may have been deleted already. The list has been read again.`,
  /** Fewer deleted than asked, and the box, read again, still holds the others (decisions/363). */
  notDeleted: (deleted: number, requested: number) =>
    deleted === 0
      ? requested === 1
        ? "The message was not deleted: it is still in the list. Please try again."
        : "No messages were deleted: they are still in the list. Please try again."
      : `${deleted} of ${requested} messages were deleted. The others are still in the list: please try again.`,
  deleteUnconfirmed: "We could not confirm which messages were deleted. The list has been read again: please check it.",
  deleteFailed: "The message could not be deleted. Please try again.",
  /** The second step of a draft's send or save failed: the first step's result is kept and said. */
  oldDraftLeftAfterSend: "Your message was sent, but the old draft could not be removed from Drafts. It has not been sent twice.",
  oldDraftLeftAfterSave: "Your changes were saved as a new draft, but the old version could not be removed from Drafts.",
  loadFailed: "Your messages could not be loaded. Please try again.",
  openFailed: "This message could not be opened. Please try again.",
  moreFailed: "More messages could not be loaded.",
  recipientsFailed: "The practitioners could not be loaded. Please try again.",
  rolesFailed: "The roles could not be loaded. Please try again.",
  composeOff: "The practice is not taking new messages through the portal.",
  replyOff: "The practice is not taking replies through the portal.",
  notADraft: "This message is no longer in Drafts.",
  notInInbox: "Only messages in your Inbox can be answered.",
  unknownPractitioner: "This practitioner cannot be written to in the role chosen.",
  /** The reply dialog's read-only recipient: a practitioner (2§2), or "To" for one of the practice's locations (the front desk). */
  practitionerLabel: "Practitioner",
  locationLabel: "To",
  loadingMessage: "Loading Message",
  noAttachments: "No Attachments Available",
  /** A file of a type the portal does not preview (2§5 names PNG, JPG and PDF): listed, to download (decisions/396). */
  otherFiles: "Other files",
  notPreviewable: "This file cannot be previewed here: download it to open it.",
  nothingOpen: "Choose a message to read it here.",
  emptyInbox: "Inbox is empty",
  noRead: "No Read Messages",
  noUnread: "No Unread Messages",
  emptySent: "Sent is empty",
  emptyDrafts: "Draft is empty",
  unsavedTitle: "Discard this message?",
  unsaved: "What you have typed has not been sent or saved. Close and lose it?",
} as const;
