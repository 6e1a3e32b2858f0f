import { z } from "zod";
import { MessagingRoleSchema, type MessagingRole } from "./messaging";
import { callsOf } from "./endpoint";

/**
 * Patient/LoadRoles (2§7), asked by booking (the roles to book with) and by messaging (the roles to
 * write to): one call of two areas, so it has its own file rather than living in either's.
 */

const PatientID = z.string().min(1).max(64);

/**
 * 2§3 Role list entry; the booking's roles lookup is TypeID 2, by location (2§7). The role id is what the
 * booking sends back (RoleID), so it is always there, as text or a number; the name and location may be
 * absent, null or empty (decisions/396), and the portal says "Not recorded" for a missing name.
 */
export const RoleEntrySchema = z.object({
  RoleID: z.union([z.string().min(1), z.number()]).transform(String),
  RoleName: z.string().nullable().optional(),
  PracticeLocationID: z.string().nullable().optional(),
});
export type RoleEntry = z.output<typeof RoleEntrySchema>;
export const RolesQuerySchema = z.object({
  PatientID,
  TypeID: z.enum(["1", "2"]),
  PracticeLocation: z.string().regex(/^[\w-]{1,16}(,[\w-]{1,16})*$/).optional(),
});
/**
 * Patient/LoadRoles answers by TypeID: 1 the roles a patient can write to (2§3 Messaging role), 2 the
 * roles to book with, by location (2§3 Role list). It is one call, so one entry: the mock serves it
 * once and the OpenAPI documents it once. Each caller keeps the kind it asked for (`rolesOfKind`).
 */
export const RolesReplySchema = z.array(z.union([RoleEntrySchema, MessagingRoleSchema]));
export type RoleListItem = z.output<typeof RolesReplySchema>[number];
export const isRoleEntry = (role: RoleListItem): role is RoleEntry => "RoleID" in role;
export const isMessagingRole = (role: RoleListItem): role is MessagingRole => "title" in role;

const call = callsOf("Appointments");

/** The practice API's calls of this file's area, gathered by `contract/endpoints.ts`. */
export const rolesEndpoints = {
  roles: call({ method: "GET", path: "Patient/LoadRoles", needsToken: true, query: RolesQuerySchema, reply: RolesReplySchema, summary: "Roles: to write to (TypeID 1) or to book with, by location (TypeID 2)" }),
} as const;
