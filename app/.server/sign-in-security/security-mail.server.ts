import { addressRange } from "~/lib/devices";
import { isEmailAddress } from "~/lib/email-address";
import { formatDateTime } from "~/lib/dates";
import { deviceLabel } from "../access-entries.server";
import { deviceName } from "~/lib/device-name";
import { clientAddress } from "../client-address.server";
import type { SendMail } from "./mail.server";
import { securityMailTexts, type SecurityChange } from "./security-mail-texts";
import { observability } from "../observability.server";

export type { SecurityChange };

/** Every change to how an account holder signs in is e-mailed to the sign-in address at once, the anchor of recovery; never with a code (decisions/365). */

/**
 * Sends the mail of one change, once it is made. Awaited, so the holder hears of it before the page
 * says it is done; a mail server that fails is logged (by name only: its words can quote the message)
 * and counted, and never undoes or holds up the change.
 */
export async function mailSecurityChange(sendMail: SendMail | null, to: string, change: SecurityChange, request: Request, now = Date.now()): Promise<boolean> {
  const address = to.trim();
  if (!sendMail || !isEmailAddress(address)) return false;
  try {
    const body = securityMailTexts.body(securityMailTexts.what(change), formatDateTime(now), deviceName(deviceLabel(request.headers.get("User-Agent"))), addressRange(clientAddress(request)));
    await sendMail({ to: address, subject: securityMailTexts.subject, text: body });
    return true;
  } catch (error) {
    const { logger, mailFailures } = observability();
    mailFailures.inc({ mail: "security-change" });
    logger.error({ kind: "mail", mail: "security-change", error: error instanceof Error ? error.name : "unknown" }, "security-change mail not sent");
    return false;
  }
}
