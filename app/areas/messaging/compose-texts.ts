/**
 * The Compose, Reply and Draft Message form's own words (2§2, 2§5): loaded with the form when the patient writes,
 * not with the page (issue 12); what the machine or the page also says is in messagingTexts.
 */
export const composeTexts = {
  keepWriting: "Keep writing",
  discard: "Discard the message",
  removingOldDraft: "Removing the old draft…",
  removeOldDraftAgain: "Try removing the old draft again",
  close: "Close",
  /** Under "Message Sending Failed" when the send simply failed. */
  nothingSent: "Nothing was sent. What you wrote is still here: try again.",
  /** A reply to one of the practice's locations: the centre it goes to. */
  centre: "Centre",
  subject: "Subject",
  role: "Role",
  loadingRoles: "Loading roles…",
  chooseRole: "Choose a role",
  practitioner: "Practitioner",
  loadingPractitioners: "Loading practitioners…",
  choosePractitioner: "Choose a practitioner",
  chooseRoleFirst: "Choose a role first",
  message: "Message",
  characters: (count: number, max: number) => `${count} of ${max} characters`,
  originalMessage: "Original Message",
  attachFiles: "Attach files",
  filesHint: (max: number) => `PNG, JPG or PDF, up to 4 MB each and ${max} files in all.`,
  attachedFiles: "Attached files",
  /** A file's Remove button; screen readers hear the file's name after it. */
  remove: "Remove",
  /** A chosen file's size, after its name. */
  fileSize: (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`),
  disclaimer: "Disclaimer:",
  sending: "Sending…",
  send: "Send",
  saving: "Saving…",
  draft: "Draft",
  cancel: "Cancel",
} as const;
