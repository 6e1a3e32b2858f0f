import nodemailer, { type Transporter } from "nodemailer";
import { config } from "../config.server";

/**
 * The portal's own mail, the second step's codes, sent through SMTP_URL with nodemailer (the practice sends its own);
 * nothing here logs a message's text, as a code is in it (decisions/277).
 */

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export type SendMail = (mail: Mail) => Promise<void>;

/** A sender for one SMTP address; tests make their own against the mock's catcher. */
export function smtpSender(smtpUrl: string, from: string): SendMail {
  let transport: Transporter | undefined;
  return async (mail) => {
    // One pooled connection per process, made at the first mail rather than at start-up.
    transport ??= nodemailer.createTransport(smtpUrl, { from });
    await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
  };
}

/** The portal's sender; without SMTP_URL there is none, and the second step cannot be offered. */
export const sendMail: SendMail | null = config.SMTP_URL ? smtpSender(config.SMTP_URL, config.MAIL_FROM) : null;
