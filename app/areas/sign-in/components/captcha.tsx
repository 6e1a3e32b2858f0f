import { solveChallenge } from "altcha-lib/v1";
import { useEffect, useId, useRef, useState } from "react";
import { captchaTexts } from "../captcha-texts";

type State = "idle" | "verifying" | "verified" | "expired" | "error";

interface Challenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber?: number;
  maxNumber?: number;
  expiresAt: string;
}

const STATUS: Record<State, string> = { idle: "", ...captchaTexts };

/**
 * "I'm not a robot": ticking the box makes this browser solve a small proof-of-work puzzle issued by
 * the portal (no third party, no internet). The solution goes with the form as `captcha`; the server
 * decides whether it is valid. `onChange` reports null whenever there is no usable solution.
 */
export function Captcha({ onChange, name = "captcha" }: { onChange?: (payload: string | null) => void; name?: string }) {
  const id = useId();
  const [state, setState] = useState<State>("idle");
  const [payload, setPayload] = useState<string | null>(null);
  const cancel = useRef<(() => void) | null>(null);

  useEffect(() => () => cancel.current?.(), []);

  function settle(next: State, value: string | null) {
    setState(next);
    setPayload(value);
    onChange?.(value);
  }

  async function start() {
    cancel.current?.();
    settle("verifying", null);
    try {
      const response = await fetch("/captcha", { headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const challenge = (await response.json()) as Challenge;
      const { promise, controller } = solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber ?? challenge.maxNumber);
      cancel.current = () => controller.abort();
      const solution = await promise;
      if (!solution) throw new Error("no solution");
      const encoded = btoa(JSON.stringify({ algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature }));
      settle("verified", encoded);
      // The server refuses an expired solution, so the form stops offering it a few seconds before.
      const expiry = setTimeout(() => settle("expired", null), Math.max(0, Date.parse(challenge.expiresAt) - Date.now() - 5_000));
      cancel.current = () => clearTimeout(expiry);
    } catch (error) {
      if (error instanceof Error && error.name === "AbortError") return;
      settle("error", null);
    }
  }

  return (
    <div className="flex flex-col gap-1 rounded border-2 border-line bg-white p-3">
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="checkbox"
          className="size-6"
          checked={state === "verified" || state === "verifying"}
          disabled={state === "verifying" || state === "verified"}
          aria-describedby={`${id}-status`}
          onChange={(event) => {
            if (event.target.checked) void start();
          }}
        />
        <label htmlFor={id} className="font-semibold">
          {captchaTexts.notARobot}
        </label>
      </div>
      <p id={`${id}-status`} role="status" className={`text-sm ${state === "expired" || state === "error" ? "font-semibold text-danger" : "text-muted"}`}>
        {STATUS[state]}
      </p>
      {payload ? <input type="hidden" name={name} value={payload} /> : null}
    </div>
  );
}
