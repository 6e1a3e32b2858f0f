import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { loginMachine } from "~/areas/sign-in/login.machine";
import { ToastProvider } from "~/components/ui/toast";
import { ToastRegionPlaceholder } from "~/components/ui/toast-region";
import { idleSignInView, signInViewOf } from "~/areas/sign-in/view";

/**
 * The sign-in page paints its form and its notices' region before the login machine and radix's
 * toasts have loaded (issue 12, decisions/070). What it shows meanwhile must be what they would show.
 */
describe("the sign-in page before its steps load", () => {
  it("shows the notices' region exactly as radix's empty viewport renders it", () => {
    expect(renderToStaticMarkup(<ToastRegionPlaceholder />)).toBe(renderToStaticMarkup(<ToastProvider />));
  });

  it.each([false, true])("shows the login machine's starting state (captcha required: %s)", (captchaRequired) => {
    const snapshot = createActor(loginMachine, { input: { captchaRequired } }).start().getSnapshot();
    expect(snapshot.value).toBe("credentials");
    expect(idleSignInView(captchaRequired)).toEqual(signInViewOf(snapshot));
  });
});
