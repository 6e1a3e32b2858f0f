import { useEffect } from "react";
import { useNavigate } from "react-router";
import { setViewing } from "~/lib/viewing";

const CHANNEL = "portal-viewing";

/** Keeps this tab on the record the session views: after a switch elsewhere a tab showing the previous person leaves for the dashboard (decisions/160). */
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
