import type { Response } from "express";
import type { z } from "zod";

/** A reply other than the contract's: the handler stops and the wrapper sends this. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.error ?? `HTTP ${status}`));
    this.name = "HttpError";
  }
}

export function issuesOf(error: z.ZodError) {
  return error.issues.map((i) => ({ path: i.path.map(String).join(".") || "(root)", message: i.message }));
}

export function sendJson(res: Response, status: number, body: unknown): void {
  res.status(status).json(body);
}
