import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AccountMenu } from "~/shell/components/account-menu";
import { UserMenu } from "~/shell/components/user-menu";

/**
 * The header paints a plain button until the account menu's code (radix DropdownMenu) has arrived
 * (decisions/070). What it shows and what a screen reader reads meanwhile must be what radix's trigger
 * shows and reads; only radix's generated id differs.
 */
function drawn(element: () => React.ReactElement): string {
  const Stub = createRoutesStub([{ path: "/", Component: element }]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

const buttonOf = (markup: string) => markup.match(/<button[\s\S]*?<\/button>/)![0].replace(/ id="[^"]*"/, "");

describe("the account menu before its code arrives", () => {
  it.each([
    { name: "Aroha Ngata", short: "Account" },
    { name: "Aroha Ngata", short: undefined },
  ])("is a button drawn and named as radix's trigger (short name: $short)", ({ name, short }) => {
    const plain = drawn(() => <UserMenu name={name} short={short} canSwitch canShare />);
    const radix = drawn(() => <AccountMenu name={name} short={short} groups={[[{ label: "Profile", onSelect: () => undefined }]]} focus={false} press={null} />);
    expect(buttonOf(plain)).toBe(buttonOf(radix));
    expect(buttonOf(plain)).toContain('aria-haspopup="menu" aria-expanded="false"');
    expect(buttonOf(plain)).toContain(": account menu");
    // Log Out's hidden form is in the first load, drawn before the menu arrives.
    expect(plain).toMatch(/<form [^>]*action="\/logout" method="post"/);
  });
});
