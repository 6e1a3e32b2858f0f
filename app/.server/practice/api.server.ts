import type { z } from "zod";
import type { Endpoint } from "@contract/endpoints";
import { callPractice, type CallOptions } from "./client.server";

/** A practice API bound to one signed-in session's base address and token. */
export interface PracticeApi {
  call<E extends Endpoint>(endpoint: E, options?: Omit<CallOptions<E>, "base" | "token">): Promise<z.output<E["reply"]>>;
}

export function practiceApi(base: string, token: string): PracticeApi {
  return {
    call: (endpoint, options) => callPractice(endpoint, { ...options, base, token }),
  };
}
