import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { readMessage } from "../../mock-server/mail-catcher";
import { securityMailTexts } from "~/.server/sign-in-security/security-mail-texts.mi";
import { deviceMailTexts } from "~/lib/texts/devices.mi";
import { secondStepTexts } from "~/lib/texts/second-step.mi";

/** A message as the portal's sender writes it (nodemailer), read back by the mock's catcher. */
async function written(subject: string, text: string): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail({ from: "portal@demo.nz", to: "solo@demo.nz", subject, text });
  return (info.message as Buffer).toString("utf8");
}

describe("the mock's mail catcher reads what the portal sends", () => {
  // The te reo subjects are long enough that nodemailer folds them into several encoded words.
  it.each([deviceMailTexts.subject, securityMailTexts.subject, secondStepTexts.mailSubject, "A new device signed in to your patient portal"])("keeps the subject %s whole, its macrons intact", async (subject) => {
    expect(readMessage(await written(subject, "Kia ora ā ē ī ō ū")).subject).toBe(subject);
  });

  it("keeps the body's macrons", async () => {
    expect(readMessage(await written("Tō waehere takiuru", "Ko tō waehere: 123456. Kāore e roa.")).body).toBe("Ko tō waehere: 123456. Kāore e roa.");
  });

  it("joins a character that two encoded words split between them, and keeps the space before plain words", () => {
    // "ō" is C5 8D in UTF-8: its bytes in two words, in either encoding.
    expect(readMessage("Subject: =?UTF-8?Q?T=C5?=\r\n =?UTF-8?Q?=8D_waehere?= takiuru\r\n\r\nbody").subject).toBe("Tō waehere takiuru");
    expect(readMessage(`Subject: =?UTF-8?B?${Buffer.from([0x54, 0xc5]).toString("base64")}?= =?UTF-8?B?${Buffer.from([0x8d]).toString("base64")}?=\r\n\r\nbody`).subject).toBe("Tō");
  });
});
