import { accountEndpoints } from "./account";
import { accountsEndpoints } from "./accounts";
import { appointmentsEndpoints } from "./appointments";
import { authEndpoints } from "./auth";
import { documentsEndpoints } from "./documents";
import { healthEndpoints } from "./health";
import { medicationsEndpoints } from "./medications";
import { messagingEndpoints } from "./messaging";
import { patientEndpoints } from "./patient";
import { profileEndpoints } from "./profile";
import { rolesEndpoints } from "./roles";
import { videoEndpoints } from "./video";

export type { Endpoint } from "./endpoint";

/**
 * Every call of the practice API, gathered from the contract files that declare them (each with its
 * summary and area, `contract/endpoint.ts`): the one line an area's calls add outside its own file.
 * The portal's client, the mock's request validation, the OpenAPI document and the contract checks
 * all read this table. A name declared by two files would be silently overwritten by the later
 * spread; `tests/unit/endpoints.test.ts` counts them.
 */
export const endpoints = {
  ...authEndpoints,
  ...accountEndpoints,
  ...patientEndpoints,
  ...accountsEndpoints,
  ...videoEndpoints,
  ...profileEndpoints,
  ...messagingEndpoints,
  ...appointmentsEndpoints,
  ...rolesEndpoints,
  ...medicationsEndpoints,
  ...documentsEndpoints,
  ...healthEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
