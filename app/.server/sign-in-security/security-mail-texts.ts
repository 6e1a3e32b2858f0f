import { PASSKEY_UNDO_DAYS } from "~/lib/second-step";

/** The e-mail of a change to how the holder signs in (decisions/300), in the language of the request that made it (decisions/403). */
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
