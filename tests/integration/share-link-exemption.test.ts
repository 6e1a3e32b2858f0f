import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitBodies, sameOriginOnly, shareLinkPreflight } from "../../server";

/**
 * The portal's same-origin rule and forms-only rule let a share link's receiving side through, and
 * nothing else (decisions/308): another site's app may POST JSON to /shl/<43 characters> and have its
 * preflight answered; every other address keeps both rules. The server's own middleware, in order,
 * in front of a handler that says it was reached.
 */

let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const app = express();
  app.use(shareLinkPreflight);
  app.use(sameOriginOnly);
  app.use(limitBodies());
  app.use((_req, res) => void res.status(200).type("text/plain").send("reached"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close?.());

const ID = "A".repeat(43);
const OTHER_SITE = "https://receiver.example.org";
const json = (body: unknown = { recipient: "Dr Smith", passcode: "kiwi-fruit" }) => JSON.stringify(body);

describe("a share link's receiving side", () => {
  it("takes another site's JSON POST to a manifest's address, with no session and no form", async () => {
    const res = await fetch(`${url}/shl/${ID}`, { method: "POST", headers: { Origin: OTHER_SITE, "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json" }, body: json() });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("reached");
  });

  it("answers the CORS preflight of the manifest and of a file, and no other address's", async () => {
    for (const path of [`/shl/${ID}`, `/shl/file/${ID}`]) {
      const res = await fetch(`${url}${path}`, { method: "OPTIONS", headers: { Origin: OTHER_SITE, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" } });
      expect(res.status, path).toBe(204);
      expect(res.headers.get("access-control-allow-origin"), path).toBe("*");
      expect(res.headers.get("access-control-allow-methods"), path).toContain("POST");
      expect(res.headers.get("access-control-allow-headers"), path).toBe("Content-Type");
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
    for (const path of ["/summary", `/shl/${ID}/x`, "/shl/short"]) {
      const res = await fetch(`${url}${path}`, { method: "OPTIONS", headers: { Origin: OTHER_SITE, "Access-Control-Request-Method": "POST" } });
      expect(res.headers.get("access-control-allow-origin"), path).toBeNull();
      expect(await res.text(), path).toBe("reached");
    }
  });

  it("takes only JSON there, and only a small one", async () => {
    const form = await fetch(`${url}/shl/${ID}`, { method: "POST", headers: { Origin: OTHER_SITE, "Content-Type": "application/x-www-form-urlencoded" }, body: "recipient=x" });
    expect(form.status).toBe(415);
    const big = await fetch(`${url}/shl/${ID}`, { method: "POST", headers: { Origin: OTHER_SITE, "Content-Type": "application/json" }, body: json({ recipient: "x".repeat(5000) }) });
    expect(big.status).toBe(413);
  });

  it("keeps both rules everywhere else: a cross-site post is refused, JSON is not a form", async () => {
    // /accounts/pay among them: a payment step from another site never reaches the payment action.
    for (const path of ["/summary", "/accounts/pay", `/shl/${ID}/extra`, `/shl/${ID.slice(1)}`, `/shl/file/${ID}`, `/xshl/${ID}`]) {
      const res = await fetch(`${url}${path}`, { method: "POST", headers: { Origin: OTHER_SITE, "Content-Type": "application/json" }, body: json() });
      expect(res.status, path).toBe(403);
    }
    const sameSite = await fetch(`${url}/summary`, { method: "POST", headers: { Origin: url, "Content-Type": "application/json" }, body: json() });
    expect(sameSite.status).toBe(415);
  });
});
