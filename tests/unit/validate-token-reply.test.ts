import { describe, expect, it } from "vitest";
import { ValidateTokenReplySchema } from "@contract/auth";

/** 1§7: ValidateToken answers "truthy or falsy"; issue 21 asks that what practices send is read as such. */
describe("the ValidateToken reply", () => {
  it.each([
    [true, true],
    ["true", true],
    ["True", true],
    [" TRUE ", true],
    [1, true],
    ["1", true],
    ["yes", true],
    [false, false],
    ["false", false],
    [0, false],
    ["0", false],
    ["no", false],
    ["", false],
    [null, false],
    // The spec's other calls' way of answering (issue 52): read by its StatusCode.
    [{ StatusCode: "1" }, true],
    [{ StatusCode: 1, StatusMessage: "Valid" }, true],
    [{ StatusCode: "0", StatusMessage: "Token expired" }, false],
    [{ StatusCode: -1 }, false],
  ])("reads %j as %s", (reply, valid) => {
    expect(ValidateTokenReplySchema.parse(reply)).toBe(valid);
  });

  it.each([["maybe"], ["valid"], [{}], [[]], [undefined], [{ StatusCode: "3" }], [{ StatusCode: null }], [{ Status: "1" }]])("refuses %j rather than guess", (reply) => {
    expect(ValidateTokenReplySchema.safeParse(reply).success).toBe(false);
  });
});
