import type { WorldRoutes } from "./types";
import { authPatientResource } from "../resources";
import { normaliseUsername } from "../worlds";

const REJECTED = { StatusCode: "2", ResponseMessage: "Invalid username or password." };

/** Sign-in, sign-out and token checks of a world's practice API (1§7). */
export const authRoutes = {
  patientAuthentication: {
    tokenIn: "none",
    handle({ world, body }) {
      // Switch tokens (q) come with a later issue; until then every q is unknown.
      if (body.q.trim() !== "") return REJECTED;
      const account = world.store.account.findFirst({ where: { username: { equals: normaliseUsername(body.UserName) } } });
      if (!account || account.password !== body.Password) return REJECTED;
      const patient = world.store.patient.findFirst({ where: { id: { equals: account.holderId } }, strict: true });
      const grant = world.tokens.issue(patient.id);
      return [authPatientResource(patient, grant.token, account.passwordReset)];
    },
  },

  logout: {
    tokenIn: "query",
    handle({ world, session }) {
      world.tokens.revoke(session.token);
      return { StatusCode: "1", ResponseMessage: "Logged out" };
    },
  },

  // Reaching the handler means the wrapper found the token live.
  validateToken: { tokenIn: "header", handle: () => true },
} satisfies Partial<WorldRoutes>;
