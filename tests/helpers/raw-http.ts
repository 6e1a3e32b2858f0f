import { request } from "node:http";

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTP request sent as written: any `Host` header (fetch sets its own) and a path that is not
 * normalised (fetch resolves `..` and `%2e%2e`). For the attacks a browser's page or a tool can make.
 */
export function rawRequest(url: string, options: { method?: string; path?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<RawReply> {
  const target = new URL(url);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname.replace(/^\[|\]$/g, ""),
        port: target.port,
        method: options.method ?? "GET",
        path: options.path ?? `${target.pathname}${target.search}`,
        headers: { ...(body === undefined ? {} : { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) }), ...options.headers },
        agent: false,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
