import { describe, expect, it } from "vitest";
import { isMessagingRole, isRoleEntry, RolesReplySchema } from "@contract/roles";
import { rolesOfKind } from "~/.server/practice/roles.server";
import { PracticeApiError } from "~/.server/practice/client.server";

/** Patient/LoadRoles: one call, two kinds of list by TypeID (contract/appointments.ts). */
describe("the roles of Patient/LoadRoles", () => {
  const messaging = RolesReplySchema.parse([{ id: 1, title: "Doctor" }, { id: "2", title: "Nurse" }]);
  const booking = RolesReplySchema.parse([{ RoleID: "1", RoleName: "Doctor", PracticeLocationID: "2" }]);

  it("reads each kind as itself", () => {
    expect(rolesOfKind(messaging, isMessagingRole, "TypeID 1")).toEqual([{ id: "1", title: "Doctor" }, { id: "2", title: "Nurse" }]);
    expect(rolesOfKind(booking, isRoleEntry, "TypeID 2")).toEqual([{ RoleID: "1", RoleName: "Doctor", PracticeLocationID: "2" }]);
  });

  it("refuses a reply of the other kind as a broken contract, not as no roles", () => {
    expect(() => rolesOfKind(booking, isMessagingRole, "TypeID 1")).toThrow(PracticeApiError);
    expect(() => rolesOfKind([...messaging, ...booking], isRoleEntry, "TypeID 2")).toThrow(/roles of another kind than TypeID 2 asks for/);
  });
});
