import { useEffect } from "react";
import { useNavigate } from "react-router";
import { setViewing } from "~/lib/viewing";

const CHANNEL = "portal-viewing";

/**
 * Keeps this tab on the record the session views (decisions/160). The key is handed to the step
 * client as the shell renders, before any page below it can post a step. When the key changes here (a
 * switch of account) the other tabs are told; a tab that still shows the previous person leaves for
 * the dashboard, which it reads again as the person now viewed, so nothing typed for one person is
 * sent as another's.
 */
export function useViewing(key: string): void {
  const navigate = useNavigate();
  if (typeof window !== "undefined") setViewing(key);

  useEffect(() => {
    setViewing(key);
    // Signed out (the shell gone): the next sign-in's shell gives the key again.
    return () => setViewing(null);
  }, [key]);

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage(key);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (typeof event.data === "string" && event.data !== key) void navigate("/");
    };
    return () => channel.close();
  }, [key, navigate]);
}
