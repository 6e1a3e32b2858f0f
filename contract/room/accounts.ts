import type { accountsEndpoints } from "@contract/accounts";
import { bundleRow } from "./bundle";
import { asSent, shape, type RoomRow } from "./shapes";

/** The room 1§7 leaves the invoice and payment calls (issue 68, decisions/396). */
export const accountsRoom = {
  paymentNotice: bundleRow({ fixes: "1§3 Invoice (payment notice): \"first item with entry\".", open: "Which fields an invoice carries; amounts as numbers or text." }),
  invoicePdf: { fixes: "1§7: \"Field PDFFileName holds the base64 PDF\".", open: "Other fields beside it.", replies: [asSent] },
  saveTempPayment: { fixes: "1§7: \"a number; '-1' is failure, greater than 0 is the electronic payment id\".", open: "The number bare or quoted.", replies: [asSent, shape("the id as text", (reply) => String(reply))] },
  createPaymentIntent: { fixes: "1§7: \"Response clientSecret or error\".", open: "Nothing else the portal reads.", replies: [asSent] },
  confirmCardPayment: { fixes: "1§7: the card provider confirms the payment (our built-in provider's reply, not the practice's).", open: "Nothing: the provider's own shape.", replies: [asSent] },
  savePayment: {
    fixes: "1§7: \"A truthy response means success\".",
    open: "A status object, a number or a word, for yes and for no.",
    replies: [
      asSent,
      shape("a status object", (reply) => (reply ? { StatusCode: "1" } : { StatusCode: "0" })),
      shape("1 or 0", (reply) => (reply ? 1 : 0)),
      shape("the text true or false", (reply) => (reply ? "true" : "false")),
    ],
  },
} satisfies { [K in keyof typeof accountsEndpoints]: RoomRow };
