import { shellTexts } from "../texts";

/**
 * What the header's account menu button shows and is named, shared by the plain button of the first load
 * (user-menu.tsx) and radix's trigger once the menu's code has arrived (account-menu.tsx): the same look
 * and the same "<name> ▾ : account menu" for a screen reader, whichever is in the page.
 */
export const ACCOUNT_MENU_BUTTON = "min-h-11 rounded border-2 border-white px-3 font-semibold text-white";

export function AccountMenuLabel({ name, short }: { name: string; short?: string }) {
  return (
    <>
      {/* Below 993 px the name is in the line under the header: the button is short, so it fits beside the menu. */}
      {short ? (
        <>
          <span className="hidden wide:inline">{name}</span>
          <span className="wide:hidden">{short}</span>
        </>
      ) : (
        name
      )}
      <span aria-hidden="true"> ▾</span>
      <span className="sr-only">{shellTexts.accountMenu}</span>
    </>
  );
}
