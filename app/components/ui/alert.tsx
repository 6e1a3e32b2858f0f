import type { ReactNode } from "react";

/** A message that is announced when it appears. Tone carries a word as well as a colour. */
export function Alert({ tone = "error", title, children }: { tone?: "error" | "info"; title?: string; children: ReactNode }) {
  const colours = tone === "error" ? "border-danger bg-white" : "border-brand bg-white";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`border-l-8 ${colours} p-4`}>
      {title ? <p className="font-bold">{title}</p> : null}
      <div>{children}</div>
    </div>
  );
}
