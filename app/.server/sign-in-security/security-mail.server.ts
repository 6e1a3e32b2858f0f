import { addressRange } from "~/lib/devices";
import { isEmailAddress } from "~/lib/email-address";
import { PASSKEY_UNDO_DAYS } from "~/lib/second-step";
import { formatDateTime } from "~/lib/dates";
import { deviceLabel } from "../access-entries.server";
import { clientAddress } from "../client-address.server";
import type { SendMail } from "./mail.server";
import { observability } from "../observability.server";

/** Every change to how an account holder signs in is e-mailed to the sign-in address at once, the anchor of recovery; never with a code (decisions/365). */

export type SecurityChange =
  | { kind: "passkey-added"; name: string }
  | { kind: "passkey-removed"; name: string }
  | { kind: "passkeys-removed-at-sign-in"; names: string[] }
  | { kind: "second-step-on" }
  | { kind: "second-step-off" }
  | { kind: "recovery-codes-made" };

const quoted = (names: string[]) => names.map((name) => `"${name}"`).join(", ");

export const securityMailTexts = {
  subject: "A change to how you sign in to your patient portal",
  what(change: SecurityChange): string {
    switch (change.kind) {
      case "passkey-added":
        return `A passkey named "${change.name}" was added to your account. It can now be used to sign in.`;
      case "passkey-removed":
        return `The passkey "${change.name}" was removed from your account.`;
      case "passkeys-removed-at-sign-in":
        return `Someone signed in with your password and a code we e-mailed to this address, in place of a passkey, and removed the passkeys added in the last ${PASSKEY_UNDO_DAYS} days: ${quoted(change.names)}. Your other sessions were signed out.`;
      case "second-step-on":
        return "The e-mailed code was turned on: signing in now also asks for a code we e-mail to this address.";
      case "second-step-off":
        return "The e-mailed code was turned off: signing in no longer asks for a code by e-mail.";
      case "recovery-codes-made":
        return "New recovery codes were made for your account. The earlier ones no longer work.";
    }
  },
  body: (what: string, when: string, device: string, range: string) =>
    `${what}\n\nWhen: ${when} (practice time).\nFrom: ${device}, address range ${range}.\n\nIf this was you, there is nothing to do.\n\nIf it was not you, someone may be signed in as you. Sign in with your password; if you are asked for a passkey, choose "E-mail me a code instead" and enter the code we send to this address. Then, in your profile: under Sign-in security, remove any passkey you do not recognise; under Your devices, choose Sign out everywhere else; and change your password. Tell your practice too.`,
} as const;

/**
 * Sends the mail of one change, once it is made. Awaited, so the holder hears of it before the page
 * says it is done; a mail server that fails is logged (by name only: its words can quote the message)
 * and counted, and never undoes or holds up the change.
 */
export async function mailSecurityChange(sendMail: SendMail | null, to: string, change: SecurityChange, request: Request, now = Date.now()): Promise<boolean> {
  const address = to.trim();
  if (!sendMail || !isEmailAddress(address)) return false;
  try {
    const body = securityMailTexts.body(securityMailTexts.what(change), formatDateTime(now), deviceLabel(request.headers.get("User-Agent")), addressRange(clientAddress(request)));
    await sendMail({ to: address, subject: securityMailTexts.subject, text: body });
    return true;
  } catch (error) {
    const { logger, mailFailures } = observability();
    mailFailures.inc({ mail: "security-change" });
    logger.error({ kind: "mail", mail: "security-change", error: error instanceof Error ? error.name : "unknown" }, "security-change mail not sent");
    return false;
  }
}
