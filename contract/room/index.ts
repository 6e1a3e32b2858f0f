import type { EndpointName } from "@contract/endpoints";
import { accountRoom, authRoom, videoRoom } from "./account";
import { accountsRoom } from "./accounts";
import { appointmentsRoom, rolesRoom } from "./appointments";
import { documentsRoom } from "./documents";
import { healthRoom } from "./health";
import { medicationsRoom } from "./medications";
import { messagingRoom } from "./messaging";
import { patientRoom } from "./patient";
import { profileRoom } from "./profile";
import type { RoomRow } from "./shapes";

/**
 * The room the spec leaves, one row per call of 1§7 and 2§7 (issue 68, decisions/396): what the spec
 * fixes, what it leaves open, and the shapes a practice may send within it. The spec practice draws from
 * it (mock-server/spec-practice.ts); `tests/unit/spec-room.test.ts` holds every call to a row.
 */
export const ROOM: { readonly [K in EndpointName]: RoomRow } = {
  ...authRoom,
  ...accountRoom,
  ...patientRoom,
  ...accountsRoom,
  ...videoRoom,
  ...profileRoom,
  ...messagingRoom,
  ...appointmentsRoom,
  ...rolesRoom,
  ...medicationsRoom,
  ...documentsRoom,
  ...healthRoom,
};
