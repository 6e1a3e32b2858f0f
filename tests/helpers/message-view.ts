import type { MessageView } from "~/areas/messaging/view";

/** A message as the /emails page draws it, for the messaging machine's tests; `over` changes any field. */
export const messageView = (over: Partial<MessageView> = {}): MessageView => ({
  id: "m1",
  box: "inbox",
  subject: "Your results",
  name: "Dr Ana Lee",
  longDate: "Monday 2 March 2026, 10:00 am",
  body: "All normal.",
  bodyHtml: null,
  roleId: "1",
  practitioner: { id: "7002", name: "Dr Ana Lee", reference: "Practitioner/7002" },
  attachments: [],
  ...over,
});
