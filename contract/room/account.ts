import type { accountEndpoints } from "@contract/account";
import type { authEndpoints } from "@contract/auth";
import type { videoEndpoints } from "@contract/video";
import { absent, asSent, extras, markedUp, shape, type RoomRow, type Shape } from "./shapes";

type Status = { StatusCode: string | number; StatusMessage?: string; ResponseMessage?: string };

/** A StatusCode reply with its code as a number, as a practice need not quote it (1§7 shows "1" and 1 alike). */
export const numericStatus: Shape = shape("StatusCode as a number", (reply) => {
  const { StatusCode, ...rest } = reply as Status;
  return { StatusCode: Number(StatusCode), ...rest };
});

/** A StatusCode reply that says nothing besides its code on success (1§8 reads the message only on failure). */
export const bareSuccess: Shape = shape("StatusCode alone on success", (reply) => {
  const status = reply as Status;
  return String(status.StatusCode) === "1" ? { StatusCode: status.StatusCode } : status;
});

/** The room 1§7 leaves the sign-in, password and video calls (issue 68, decisions/396). */
export const authRoom = {
  identityAuthentication: { fixes: "1§7: the identity server answers ACCAPIURL, the practice API's address.", open: "Nothing the portal reads besides ACCAPIURL: fields beside it.", replies: [asSent, extras] },
  patientAuthentication: {
    fixes: "1§7: an error object with StatusCode and ResponseMessage, or a list whose first item is a resource with id, name[0].text, the token at extension[0] and the reset flag at extension[1]: all of these are read, and varied only in their words.",
    open: "Other fields of the resource and extensions after the two; the name's other parts; the name's words (markup, macrons).",
    replies: [asSent],
    records: { at: "list", shapes: [asSent, extras, absent("name.0.given"), absent("name.0.family"), absent("name.0.prefix"), markedUp("name.0.text")] },
  },
  logout: { fixes: "1§7: \"Response has StatusCode\".", open: "Its code quoted or a number; a message or none.", replies: [asSent, shape("StatusCode alone, as a number", (reply) => ({ StatusCode: Number((reply as Status).StatusCode) }))] },
  validateToken: { fixes: "1§7: \"Response truthy or falsy\".", open: "true, 1, \"true\" for a live token.", replies: [asSent, shape("1", () => 1), shape("the text true", () => "true")] },
} satisfies { [K in keyof typeof authEndpoints]: RoomRow };

export const accountRoom = {
  forgotPassword: { fixes: "1§7: StatusCode \"1\" or \"0\" with ResponseMessage, shown inline.", open: "The message's words, shown as sent (as text: markup is not drawn); fields beside them.", replies: [asSent, markedUp("ResponseMessage"), extras] },
  changePassword: { fixes: "1§7: StatusCode and StatusMessage.", open: "The code quoted or a number; the message's words.", replies: [asSent, numericStatus] },
  changePasswordByQuery: { fixes: "1§7: \"A PUT helper variant takes a query\", answered as the POST.", open: "As the POST.", replies: [asSent, numericStatus] },
  sendHelpMessage: { fixes: "1§7 shows no reply; the portal reads it as the other StatusCode replies.", open: "The code quoted or a number; a message or none.", replies: [asSent, numericStatus, bareSuccess] },
} satisfies { [K in keyof typeof accountEndpoints]: RoomRow };

export const videoRoom = {
  videoSignature: { fixes: "1§7: \"Response: a signature to join the meeting\".", open: "Nothing the portal reads besides the signature or an error: fields beside them.", replies: [asSent, extras] },
} satisfies { [K in keyof typeof videoEndpoints]: RoomRow };
