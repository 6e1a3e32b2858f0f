/** Issue 21: the warning before the idle timeout (components/shell/idle-warning.tsx). */
export const sessionMessages = {
  idleTitle: "You will be signed out soon",
  idleText: (minutes: number) => `You have not used the portal for a while. For your security you will be signed out in ${minutes} minutes unless you choose to stay signed in.`,
  staySignedIn: "Stay signed in",
  signOut: "Sign out now",
} as const;
