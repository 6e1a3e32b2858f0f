import type { RoleListItem } from "@contract/roles";
import { endpoints } from "@contract/endpoints";
import { PracticeApiError } from "./client.server";

/**
 * Patient/LoadRoles is one call answering two kinds of list (contract/appointments.ts). A reply of the
 * other kind than the one asked for breaks the contract as surely as a malformed one, and is reported
 * the same way, rather than shown as a practice with no roles.
 */
export function rolesOfKind<T extends RoleListItem>(roles: RoleListItem[], isKind: (role: RoleListItem) => role is T, asked: string): T[] {
  const call = `${endpoints.roles.method} ${endpoints.roles.path}`;
  if (!roles.every(isKind)) throw new PracticeApiError("contract", call, `the reply does not match the contract (roles of another kind than ${asked} asks for)`);
  return roles;
}
