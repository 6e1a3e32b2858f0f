import { solveChallenge } from "altcha-lib/v1";
import { describe, expect, it } from "vitest";
import { newCaptchaChallenge, verifyCaptcha } from "~/areas/sign-in/captcha.server";

/**
 * The captcha is accepted once per challenge (issue 20, finding 4). The posted text is base64 of a
 * JSON object, so one solution can be written many ways; each way must be refused after the first.
 */
async function solved() {
  const challenge = await newCaptchaChallenge();
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error("The captcha could not be solved");
  return { algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature };
}

const encode = (text: string) => Buffer.from(text).toString("base64");

// Solving is real proof of work, at the tests' size (CAPTCHA_MAX_NUMBER in vitest.config.ts).
describe("captcha replay", () => {
  it("accepts a solution once and refuses it again", async () => {
    const payload = encode(JSON.stringify(await solved()));
    expect(await verifyCaptcha(payload)).toBe(true);
    expect(await verifyCaptcha(payload)).toBe(false);
  });

  it("refuses every re-encoding of a used solution: keys reordered, spaces, the number as text, padding stripped", async () => {
    const s = await solved();
    expect(await verifyCaptcha(encode(JSON.stringify(s)))).toBe(true);
    const reordered = encode(JSON.stringify({ signature: s.signature, salt: s.salt, number: s.number, challenge: s.challenge, algorithm: s.algorithm }));
    const spaced = encode(JSON.stringify(s, null, 2));
    const numberAsText = encode(JSON.stringify({ ...s, number: String(s.number) }));
    // An extra key long enough that the encoding has padding to strip.
    const padded = [0, 1, 2].map((n) => encode(JSON.stringify({ ...s, pad: "x".repeat(n) }))).find((text) => text.endsWith("="));
    const unpadded = padded!.replace(/=+$/, "");
    for (const variant of [reordered, spaced, numberAsText, unpadded]) expect(await verifyCaptcha(variant)).toBe(false);
  });

  it("refuses a solution with a wrong number or a forged signature", async () => {
    const s = await solved();
    expect(await verifyCaptcha(encode(JSON.stringify({ ...s, number: s.number + 1 })))).toBe(false);
    expect(await verifyCaptcha(encode(JSON.stringify({ ...s, signature: "0".repeat(64) })))).toBe(false);
  });
});
