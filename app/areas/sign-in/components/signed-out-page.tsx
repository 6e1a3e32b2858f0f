import type { ReactNode } from "react";
import { Link } from "react-router";
import { signedOutTexts } from "../signed-out-texts";

/** The frame of the signed-out screens: one calm column, a heading, a way back to sign in. */
export function SignedOutPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col gap-6 px-4 py-10">
      <div className="rounded bg-white p-6 shadow-sm">
        <h1 className="mb-6 text-3xl font-bold">{title}</h1>
        {children}
      </div>
      <Link to="/login" className="text-brand underline underline-offset-4">
        {signedOutTexts.backToSignIn}
      </Link>
    </main>
  );
}
