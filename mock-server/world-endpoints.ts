import { endpoints, type EndpointName } from "@contract/endpoints";

/** Every call of the table except the identity server's, which is not part of a world. */
export type WorldEndpointName = Exclude<EndpointName, "identityAuthentication">;

export const WORLD_ENDPOINT_NAMES = (Object.keys(endpoints) as EndpointName[]).filter(
  (name): name is WorldEndpointName => name !== "identityAuthentication",
);

export const WORLD_PATHS = WORLD_ENDPOINT_NAMES.map((name) => endpoints[name].path);

/** Paths compare as Express routes them: case-insensitively, with or without a leading slash. */
export function normalisePath(path: string): string {
  return path.replace(/^\/+/, "").replace(/\/+$/, "").toLowerCase();
}
