import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { action } from "~/areas/sign-in/signup.route";
import { PROFILE_IMAGE_MAX_BYTES, SIGNUP_POST_MAX_BYTES } from "~/areas/sign-in/signup-image";
import { signupTexts } from "~/areas/sign-in/signup-texts";
import { limitBodies } from "../../server";

/**
 * /signup's action with the profile image (1§2) as the browser posts it, multipart: a real PNG is
 * taken and dropped, a program renamed .png and a file over 5 MB are refused by the server's own
 * check (the browser's is a courtesy), and the post itself is bounded before it is read.
 */

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
/** A Windows program's first bytes, under a picture's name. */
const PROGRAM = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(400, 0x41)]);
const details = { familyName: "Parata", firstName: "Mere", middleName: "Aroha", dob: "07-03-1985", nhi: "ZAC5361", practiceName: "Māngere Family Doctors", email: "mere@example.com" };

function post(image?: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(details)) form.set(name, value);
  // A file input with nothing chosen still posts an empty, nameless file.
  form.set("image", image ? new File([new Uint8Array(image.bytes)], image.name, { type: image.type }) : new File([], "", { type: "application/octet-stream" }));
  const request = new Request("http://portal.test/signup", { method: "POST", body: form });
  return action({ request, params: {}, context: {} } as Parameters<typeof action>[0]);
}

type Answer = Awaited<ReturnType<typeof action>>;
/** The action answers a plain object when the form is taken, `data(…, { status: 400 })` when refused. */
const refusal = (answer: Answer) => {
  expect(answer).toHaveProperty("init.status", 400);
  return (answer as Extract<Answer, { data: unknown }>).data as { done: false; imageSent: boolean; result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } };
};

// Nothing of the image, nor of the form, is written to any log on its way through.
const logged = ["log", "info", "warn", "error", "debug"].map((level) => vi.spyOn(console, level as "log"));
afterEach(() => {
  for (const spy of logged) {
    expect(spy).not.toHaveBeenCalled();
    spy.mockClear();
  }
});

describe("/signup's action and the profile image", () => {
  it("takes the form with a real PNG, says the image was discarded, and answers nothing of it", async () => {
    const answer = await post({ bytes: PNG, name: "me.png", type: "image/png" });
    expect(answer).toEqual({ done: true, imageSent: true });
    expect(await post()).toEqual({ done: true, imageSent: false });
    expect(signupTexts.imageDiscarded).toMatch(/not been kept or sent anywhere/);
  });

  it("refuses a program renamed .png by its first bytes, keeping every typed field but the file, and saying so", async () => {
    const data = refusal(await post({ bytes: PROGRAM, name: "holiday.png", type: "image/png" }));
    expect(data.result.error).toEqual({ image: [signupTexts.imageProblem.type("holiday.png")] });
    expect(data.imageSent).toBe(true);
    // What was typed comes back for a page without JavaScript; the file cannot, and is not echoed.
    expect(data.result.initialValue).toEqual(details);
    expect(JSON.stringify(data)).not.toContain(PROGRAM.subarray(0, 40).toString("base64"));
  });

  it("refuses a picture one byte over 5 MB, and an empty file", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES + 1 - PNG.length)]);
    expect(refusal(await post({ bytes: big, name: "big.png", type: "image/png" })).result.error).toEqual({ image: [signupTexts.imageProblem.size("big.png")] });
    const justFits = Buffer.concat([PNG, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES - PNG.length)]);
    expect(await post({ bytes: justFits, name: "fits.png", type: "image/png" })).toEqual({ done: true, imageSent: true });
    expect(refusal(await post({ bytes: Buffer.alloc(0), name: "nothing.png", type: "image/png" })).result.error).toEqual({ image: [signupTexts.imageProblem.empty("nothing.png")] });
  });

  it("a refusal of another field says the chosen file must be chosen again (a returned page cannot refill it)", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...details, familyName: "" })) form.set(name, value);
    form.set("image", new File([new Uint8Array(PNG)], "me.png", { type: "image/png" }));
    const data = refusal(await action({ request: new Request("http://portal.test/signup", { method: "POST", body: form }), params: {}, context: {} } as Parameters<typeof action>[0]));
    expect(data.result.error).toEqual({ familyName: [signupTexts.familyName] });
    expect(data.imageSent).toBe(true);
    expect(signupTexts.imageAgain).toMatch(/choose it again/);
  });
});

describe("/signup's post is bounded before it is read", () => {
  const app = express();
  app.use(limitBodies());
  app.post(["/signup", "/signup.data", "/login/flow"], (_req, res) => void res.send("read"));
  const server = app.listen(0, "127.0.0.1");
  let base = "";
  beforeAll(async () => {
    if (!server.listening) await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const multipart = (path: string, bytes: number) =>
    fetch(`${base}${path}`, { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=x" }, body: Buffer.alloc(bytes, "a") }).then((r) => r.status);

  it("takes the image's 5 MB and the form's 64 KB, not a byte more; other forms keep 64 KB", async () => {
    expect(SIGNUP_POST_MAX_BYTES).toBe(PROFILE_IMAGE_MAX_BYTES + 64 * 1024);
    expect(await multipart("/signup", SIGNUP_POST_MAX_BYTES)).toBe(200);
    expect(await multipart("/signup.data", SIGNUP_POST_MAX_BYTES)).toBe(200);
    expect(await multipart("/signup", SIGNUP_POST_MAX_BYTES + 1)).toBe(413);
    expect(await multipart("/signup.data", SIGNUP_POST_MAX_BYTES + 1)).toBe(413);
    expect(await multipart("/login/flow", 64 * 1024 + 1)).toBe(413);
  });
});
