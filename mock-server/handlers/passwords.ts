import { randomBytes, randomUUID } from "node:crypto";
import { passwordStrengthProblem } from "@contract/password-policy";
import { normaliseUsername, type WorldCore } from "../world-core";
import type { Session } from "../endpoint-route";
import { withToken } from "./helpers";
import { mockArea, type AreaRoutes } from "../area";

/** Forgot password, change password (POST, and its PUT variant) and Login Help (1§7), with the practice's own rules. */
const passwordRoutes = {
  forgotPassword: {
    signedIn: false,
    handle({ world, query }) {
      const username = normaliseUsername(query.Username);
      const account = world.store.account.findFirst({ where: { username: { equals: username } } });
      if (!account) return { StatusCode: "0", ResponseMessage: "We could not find an account with that e-mail address." };
      // A temporary password, to be replaced at the next sign-in (the forced update panel).
      const temporary = `Tmp${randomBytes(4).toString("hex")}${Math.floor(10 + Math.random() * 89)}`;
      world.store.account.update({ where: { label: { equals: account.label } }, data: { password: temporary, passwordReset: true } });
      world.store.mail.create({
        id: randomUUID(),
        to: username,
        subject: "Your temporary password",
        body: `Your temporary password is ${temporary}. You will be asked to choose a new one when you sign in.`,
        sentAt: world.clock.now().toISO()!,
      });
      return { StatusCode: "1", ResponseMessage: "A temporary password has been sent to your e-mail address." };
    },
  },

  changePassword: withToken(({ world, body, session }) => changePassword(world, session, body)),

  // 1§7's PUT variant: the same change, its parameters in the query.
  changePasswordByQuery: withToken(({ world, query, session }) => changePassword(world, session, query)),

  sendHelpMessage: {
    signedIn: false,
    handle({ world, body }) {
      world.store.helpMessage.create({ id: randomUUID(), receivedAt: world.clock.now().toISO()!, payload: JSON.stringify(body) });
      return { StatusCode: "1", ResponseMessage: "Thank you. The practice has your message and will contact you soon." };
    },
  },
} satisfies AreaRoutes;

/** ChangePassword, by POST (body) or PUT (query), with the practice's rules: only the holder, a strong and new password. */
function changePassword(world: WorldCore, session: Session, { PatientID, Password }: { PatientID: string; Password: string }) {
  const account = world.store.account.findFirst({ where: { holderId: { equals: PatientID } } });
  if (!account || account.holderId !== session.patientId) {
    return { StatusCode: "3", StatusMessage: "Only the account holder can change this password." };
  }
  const problem = passwordStrengthProblem(Password);
  if (problem) return { StatusCode: "3", StatusMessage: problem };
  if (Password === account.password) return { StatusCode: "3", StatusMessage: "Your new password must be different from your current one." };
  world.store.account.update({ where: { label: { equals: account.label } }, data: { password: Password, passwordReset: false } });
  return { StatusCode: "1", StatusMessage: "Your password has been updated." };
}

/** The area as the mock lists it (mock-server/areas.ts): its calls only, no data of its own. */
export const passwordsArea = mockArea({ routes: passwordRoutes });
