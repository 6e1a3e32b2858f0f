import { useFetcher } from "react-router";
import type { SecondStepReply } from "../../forms";

// The profile's own action (sign-in-security.server.ts); an index-less route, so no `?index`.
const ACTION = "/profile";

/**
 * One post to the profile's Sign-in security action (the e-mailed code, recovery codes and passkeys
 * alike), its reply undefined while it is under way.
 */
export function useSecurityPost() {
  const fetcher = useFetcher<SecondStepReply>();
  const busy = fetcher.state !== "idle";
  const reply = busy ? undefined : fetcher.data;
  const post = (fields: Record<string, string>) => {
    if (!busy) void fetcher.submit({ ...fields, intent: `sign-in-security-${fields.intent}` }, { method: "post", action: ACTION });
  };
  return { busy, reply, post };
}
