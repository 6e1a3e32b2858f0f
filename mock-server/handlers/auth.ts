import { withToken } from "./helpers";
import { mockArea, type AreaRoutes } from "../area";
import { authPatientResource } from "../resources/patient";
import { normaliseUsername } from "../world-core";

const REJECTED = { StatusCode: "2", ResponseMessage: "Invalid username or password." };

/** Sign-in, sign-out and token checks of a world's practice API (1§7). */
const authRoutes = {
  patientAuthentication: {
    signedIn: false,
    handle({ world, body }) {
      if (body.q.trim() !== "") {
        // A switch token signs its holder in once (1§2 /loginSwitch/{q}).
        const holderId = world.tokens.redeemSwitch(body.q.trim());
        if (!holderId) return { StatusCode: "2", ResponseMessage: "This sign-in link has expired or was already used." };
        const holder = world.store.patient.findFirst({ where: { id: { equals: holderId } }, strict: true });
        const account = world.store.account.findFirst({ where: { holderId: { equals: holderId } } });
        return [authPatientResource(holder, world.tokens.issue(holder.id).token, account?.passwordReset ?? false)];
      }
      const account = world.store.account.findFirst({ where: { username: { equals: normaliseUsername(body.UserName) } } });
      if (!account || account.password !== body.Password) return REJECTED;
      if (account.signInReply === "locked") return { StatusCode: "4", ResponseMessage: "Your account has been locked. Please contact the practice." };
      if (account.signInReply === "noResource") return [{}];
      const patient = world.store.patient.findFirst({ where: { id: { equals: account.holderId } }, strict: true });
      const grant = world.tokens.issue(patient.id);
      return [authPatientResource(patient, grant.token, account.passwordReset)];
    },
  },

  // The token is read from the query here (1§7 Patient/Logout?Token=): the contract's tokenIn.
  logout: withToken(({ world, session }) => {
    world.tokens.revoke(session.token);
    return { StatusCode: "1", ResponseMessage: "Logged out" };
  }),

  // Reaching the handler means the wrapper found the token live.
  validateToken: withToken(() => true),
} satisfies AreaRoutes;

/** The area as the mock lists it (mock-server/areas.ts): its calls only, no data of its own. */
export const authArea = mockArea({ routes: authRoutes });
