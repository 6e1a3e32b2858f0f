import type { ComponentProps } from "react";

type Variant = "primary" | "secondary" | "link";

const styles: Record<Variant, string> = {
  primary: "bg-brand text-white hover:bg-brand-dark px-5 py-2.5 rounded font-semibold",
  secondary: "bg-white text-brand border-2 border-brand hover:bg-surface px-5 py-2 rounded font-semibold",
  link: "text-brand underline underline-offset-4 hover:text-brand-dark px-1 py-1",
};

export function buttonClass(variant: Variant = "primary", extra = "") {
  return `inline-flex min-h-11 items-center justify-center gap-2 disabled:cursor-not-allowed disabled:opacity-60 ${styles[variant]} ${extra}`;
}

export function Button({ variant = "primary", className = "", type = "button", ...props }: ComponentProps<"button"> & { variant?: Variant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
