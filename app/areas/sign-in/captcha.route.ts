import { newCaptchaChallenge } from "./captcha.server";

/** A fresh proof-of-work challenge for the captcha widget; never cached. */
export async function loader() {
  return Response.json(await newCaptchaChallenge(), { headers: { "Cache-Control": "no-store" } });
}
