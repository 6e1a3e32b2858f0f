import type { ComponentProps } from "react";

type Variant = "primary" | "secondary" | "link";

const styles: Record<Variant, string> = {
  primary: "bg-brand text-white hover:bg-brand-dark px-5 py-2.5 rounded font-semibold",
  secondary: "bg-white text-brand border-2 border-brand hover:bg-surface px-5 py-2 rounded font-semibold",
  link: "text-brand underline underline-offset-4 hover:text-brand-dark px-1 py-1",
};

export function buttonClass(variant: Variant = "primary", extra = "") {
  return `inline-flex min-h-11 items-center justify-center gap-2 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${styles[variant]} ${extra}`;
}

/**
 * `busy`: the button's own work is under way. It is then marked aria-disabled and ignores presses (a
 * submit button submits nothing), but unlike `disabled` it keeps the keyboard focus, so a patient who
 * pressed it is still on it when the answer comes, rather than dropped to the page's start.
 */
export function Button({ variant = "primary", className = "", type = "button", busy = false, onClick, ...props }: ComponentProps<"button"> & { variant?: Variant; busy?: boolean }) {
  return (
    <button
      type={type}
      className={buttonClass(variant, className)}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
      {...props}
    />
  );
}
