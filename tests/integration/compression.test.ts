import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { request, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, createBrotliDecompress, createGunzip, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressReplies, serveAssets } from "../../server";

/** The portal server's compression, over real HTTP: pages stream compressed, assets go out precompressed. */

let url = "";
let close: () => Promise<void>;
/** The streamed page waits for the test to have read its first part before writing the rest. */
let firstPartRead: () => void = () => undefined;

/** A build's client folder: hashed files under assets/, as `react-router build` leaves them. */
const client = mkdtempSync(path.join(tmpdir(), "portal-client-"));
mkdirSync(path.join(client, "assets"));
const script = "console.log('kia ora');\n".repeat(200);
writeFileSync(path.join(client, "assets/app-1a2b3c.js"), script);
writeFileSync(path.join(client, "assets/app-1a2b3c.js.br"), brotliCompressSync(script));
writeFileSync(path.join(client, "assets/app-1a2b3c.js.gz"), gzipSync(script));

beforeAll(async () => {
  const app = express();
  app.use(compressReplies());
  app.get("/page", async (_req, res) => {
    res.type("html");
    const read = new Promise<void>((resolve) => (firstPartRead = resolve));
    res.write(`<!DOCTYPE html><title>Streamed</title>${"<p>first part</p>".repeat(50)}`);
    await read;
    res.end("<p>second part</p>");
  });
  app.use(serveAssets(client));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

function get(pathname: string, acceptEncoding?: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    request(`${url}${pathname}`, { headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} }, resolve).on("error", reject).end();
  });
}

function decoderFor(encoding: string | undefined) {
  if (encoding === "br") return createBrotliDecompress();
  if (encoding === "gzip") return createGunzip();
  throw new Error(`unexpected Content-Encoding ${encoding}`);
}

async function text(response: IncomingMessage): Promise<string> {
  const decoded = response.headers["content-encoding"] ? response.pipe(decoderFor(response.headers["content-encoding"])) : response;
  let out = "";
  for await (const chunk of decoded) out += chunk;
  return out;
}

describe("pages", () => {
  for (const [accept, encoding] of [
    ["br, gzip", "br"],
    ["gzip", "gzip"],
  ] as const) {
    it(`stream compressed with ${encoding}: the first part arrives, decoded, before the page is finished`, async () => {
      const response = await get("/page", accept);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers.vary).toMatch(/Accept-Encoding/i);
      const decoded = response.pipe(decoderFor(encoding));
      let received = "";
      for await (const chunk of decoded) {
        received += chunk;
        // Until this is read the server holds the rest back: a compressor that waited for more input
        // before sending anything would leave this loop, and the test, waiting forever.
        if (received.includes("first part")) firstPartRead();
      }
      expect(received).toMatch(/^<!DOCTYPE html>/);
      expect(received).toMatch(/<p>second part<\/p>$/);
    });
  }

  it("go out as they are to a client that takes no compression", async () => {
    const pending = get("/page");
    const response = await pending;
    firstPartRead();
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(await text(response)).toContain("second part");
  });
});

describe("assets", () => {
  for (const [accept, encoding] of [
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
  ] as const) {
    it(`are sent as the ${encoding} copy made at build time to a browser that takes it`, async () => {
      const response = await get("/assets/app-1a2b3c.js", accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["content-type"]).toMatch(/javascript/);
      expect(response.headers.vary).toMatch(/Accept-Encoding/i);
      expect(await text(response)).toBe(script);
    });
  }

  it("are sent as they are otherwise", async () => {
    const response = await get("/assets/app-1a2b3c.js", "identity");
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(await text(response)).toBe(script);
  });
});
