import { mkdirSync, writeFileSync } from "node:fs";
import { request, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { BrotliCompress, brotliCompressSync, createBrotliDecompress, createGunzip, Gzip, gzipSync } from "node:zlib";
import { writeReadableStreamToWritable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { compressReplies, serveAssets } from "../../server";
import { testTempDir } from "../helpers/test-temp";

/** The portal server's compression, over real HTTP: pages stream compressed, assets go out precompressed. */

let url = "";
let close: () => Promise<void>;
/** The streamed page waits for the test to have read its first part before writing the rest. */
let firstPartRead: () => void = () => undefined;

const LONG_PAGE_PARTS = 40;

/** A build's client folder: hashed files under assets/, as `react-router build` leaves them. */
const client = testTempDir("portal-client-");
mkdirSync(path.join(client, "assets"));
const script = "console.log('kia ora');\n".repeat(200);
writeFileSync(path.join(client, "assets/app-1a2b3c.js"), script);
writeFileSync(path.join(client, "assets/app-1a2b3c.js.br"), brotliCompressSync(script));
writeFileSync(path.join(client, "assets/app-1a2b3c.js.gz"), gzipSync(script));
const icon = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>';
writeFileSync(path.join(client, "favicon.svg"), icon);
writeFileSync(path.join(client, "favicon.svg.br"), brotliCompressSync(icon));
mkdirSync(path.join(client, "fonts"));
writeFileSync(path.join(client, "fonts/body.txt"), "a font");
const worker = "self.addEventListener('fetch', () => undefined);";
writeFileSync(path.join(client, "sw.js"), worker);

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
  // A long page written as React Router writes one: each write that fills the compressor waits for its 'drain'.
  app.get("/long-page", async (_req, res) => {
    res.type("html");
    let sent = 0;
    const page = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < LONG_PAGE_PARTS) controller.enqueue(new Uint8Array(randomBytes(64 * 1024)));
        else controller.close();
      },
    });
    await writeReadableStreamToWritable(page, res);
  });
  app.use(serveAssets(client));
  // What comes after the files: a page's address, and a file added to the folder after the start.
  app.use((req, res) => res.status(299).type("text").send(`the pages' handler: ${req.path}`));
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

describe("a long streamed page", () => {
  /** Reads the long page compressed with `encoding`, whole: every part, decoded. */
  async function readLongPage(encoding: "br" | "gzip") {
    const response = await get("/long-page", encoding);
    expect(response.headers["content-encoding"]).toBe(encoding);
    let bytes = 0;
    for await (const chunk of response.pipe(decoderFor(encoding))) bytes += (chunk as Buffer).length;
    expect(bytes).toBe(LONG_PAGE_PARTS * 64 * 1024);
  }

  for (const encoding of ["br", "gzip"] as const) {
    it(`leaves no 'drain' listener behind on the ${encoding} compressor for each wait (no MaxListenersExceededWarning)`, async () => {
      const warnings: string[] = [];
      const onWarning = (warning: Error) => void warnings.push(`${warning.name}: ${warning.message}`);
      process.on("warning", onWarning);
      try {
        await readLongPage(encoding);
        // A warning is emitted on the next turn of the event loop after the listener that causes it.
        await new Promise((resolve) => setImmediate(resolve));
      } finally {
        process.off("warning", onWarning);
      }
      expect(warnings.filter((w) => w.startsWith("MaxListenersExceededWarning"))).toEqual([]);
    });
  }

  for (const encoding of ["br", "gzip"] as const) {
    it(`asks the ${encoding} compressor for no empty flush after each of React Router's writes, each write being flushed already`, async () => {
      // React Router calls the response's flush() after every write (decisions/362).
      const flushes = vi.spyOn((encoding === "br" ? BrotliCompress : Gzip).prototype, "flush");
      try {
        await readLongPage(encoding);
        expect(flushes).not.toHaveBeenCalled();
      } finally {
        flushes.mockRestore();
      }
    });
  }

  it("arrives whole, waiting on the response's own 'drain', to a client that takes no compression", async () => {
    const response = await get("/long-page");
    expect(response.headers["content-encoding"]).toBeUndefined();
    let bytes = 0;
    for await (const chunk of response) bytes += (chunk as Buffer).length;
    expect(bytes).toBe(LONG_PAGE_PARTS * 64 * 1024);
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

describe("the build's other files", () => {
  it("are served from the folder's top and its folders, precompressed where a copy was made", async () => {
    const compressed = await get("/favicon.svg", "br");
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(await text(compressed)).toBe(icon);
    const plain = await get("/favicon.svg");
    expect(plain.statusCode).toBe(200);
    expect(await text(plain)).toBe(icon);
    const inFolder = await get("/fonts/body.txt");
    expect(inFolder.statusCode).toBe(200);
    expect(await text(inFolder)).toBe("a font");
  });

  it("keep a file an hour, but the service worker is asked again every time, as JavaScript (decisions/404)", async () => {
    const icon = await get("/favicon.svg");
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
    await text(icon);
    const sw = await get("/sw.js");
    expect(sw.statusCode).toBe(200);
    expect(sw.headers["cache-control"]).toBe("no-cache");
    expect(sw.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(await text(sw)).toBe(worker);
  });

  it("leave every other address to the pages: the folder is listed once, at the start, so not even a file added since is looked for", async () => {
    writeFileSync(path.join(client, "added-later.txt"), "not the build's");
    for (const address of ["/appointments", "/added-later.txt", "/favicon.svg.br/x", "/fontsx/body.txt"]) {
      const response = await get(address);
      expect(response.statusCode, address).toBe(299);
      expect(await text(response)).toBe(`the pages' handler: ${address}`);
    }
  });
});
