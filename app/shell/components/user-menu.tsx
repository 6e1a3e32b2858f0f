import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { Form, useNavigate } from "react-router";
import { lazyModule } from "~/lib/lazy-module";
import { useReadPracticeAgain } from "~/lib/read-practice-again";
import { NOTIFICATION_SETTINGS } from "~/lib/notification-settings";
import { accountSwitchTexts } from "~/lib/texts/account-switch";
import { ACCESS_RECORD_PATH, SHARING_PATH } from "~/lib/areas";
import type { AccountMenu, AccountMenuItem, EarlyPress } from "./account-menu";
import { ACCOUNT_MENU_BUTTON, AccountMenuLabel } from "./account-menu-button";
import { shellTexts as t } from "../texts";

/**
 * The account menu's code: radix's DropdownMenu with Popper and floating-ui, about 13 KB gzip that every
 * signed-in page's first load carried. Fetched when the patient points at or focuses the button (decisions/070).
 */
const menuCode = lazyModule(() => import("./account-menu"));


/** The keys radix's trigger opens the menu on. */
const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown"]);

interface Arrived {
  AccountMenu: typeof AccountMenu;
  focus: boolean;
  press: EarlyPress | null;
}

/**
 * The header's account menu: Profile opens the user profile, Notification Settings the e-mail and notification switches, Switch account (a login with linked accounts) the chooser, Who has looked at my record the access record (issue 31), Who can see my record a young person's choices for their parents (issue 55), Refresh Configurations reloads the practice's settings and data, Log Out ends the session.
 * Until radix's menu has arrived (account-menu.tsx), a plain button that looks and reads as radix's trigger does; a press on it
 * (click, Enter, Space, ArrowDown) is kept and handed to the trigger, which takes the button's place, and the focus with it.
 * The items' words and actions and Log Out's hidden form stay here, in the first load.
 */
export function UserMenu({ name, short, canSwitch = false, canShare = false }: { name: string; short?: string; canSwitch?: boolean; canShare?: boolean }) {
  const readAgain = useReadPracticeAgain();
  const navigate = useNavigate();
  const logoutForm = useRef<HTMLFormElement>(null);
  const items: AccountMenuItem[] = [
    { label: t.profile, onSelect: () => navigate("/profile") },
    { label: t.notificationSettings, onSelect: () => navigate(NOTIFICATION_SETTINGS) },
    ...(canSwitch ? [{ label: accountSwitchTexts.menuItem, onSelect: () => navigate("/account/switch") }] : []),
    { label: t.accessRecord, onSelect: () => navigate(ACCESS_RECORD_PATH) },
    ...(canShare ? [{ label: t.sharing, onSelect: () => navigate(SHARING_PATH) }] : []),
    { label: t.refresh, onSelect: () => void readAgain() },
  ];
  const groups = [items, [{ label: t.logOut, onSelect: () => logoutForm.current?.requestSubmit() }]];
  const button = useRef<HTMLButtonElement>(null);
  const pressed = useRef<EarlyPress | null>(null);
  const [arrived, setArrived] = useState<Arrived | null>(() => (menuCode.arrived ? { AccountMenu: menuCode.arrived.AccountMenu, focus: false, press: null } : null));
  const [notFetched, setNotFetched] = useState(false);

  const fetchMenu = (press: EarlyPress | null) => {
    if (press) {
      pressed.current = press;
      setNotFetched(false);
    }
    menuCode.preload().then(
      (module) => {
        if (!button.current) return;
        // Read now, while the plain button is still in the page.
        const swap = { AccountMenu: module.AccountMenu, focus: document.activeElement === button.current, press: pressed.current };
        setArrived((now) => now ?? swap);
      },
      () => {
        // A press that could not fetch the menu is told; pointing at or focusing the button is not a press.
        if (!pressed.current) return;
        pressed.current = null;
        setNotFetched(true);
      },
    );
  };

  return (
    <>
      {arrived ? (
        <arrived.AccountMenu name={name} short={short} groups={groups} focus={arrived.focus} press={arrived.press} />
      ) : (
        <button
          ref={button}
          type="button"
          aria-haspopup="menu"
          aria-expanded="false"
          data-state="closed"
          className={ACCOUNT_MENU_BUTTON}
          onPointerEnter={() => fetchMenu(null)}
          onFocus={() => fetchMenu(null)}
          onPointerDown={(event: PointerEvent) => {
            if (event.button === 0 && !event.ctrlKey) fetchMenu({ pointer: true });
          }}
          onKeyDown={(event: KeyboardEvent) => {
            if (!OPENING_KEYS.has(event.key)) return;
            // As radix's trigger: the key opens the menu, and no click follows it.
            event.preventDefault();
            fetchMenu({ key: event.key as "Enter" | " " | "ArrowDown" });
          }}
        >
          <AccountMenuLabel name={name} short={short} />
        </button>
      )}
      {notFetched && !arrived ? (
        <p role="alert" className="mt-1 max-w-xs text-sm font-semibold text-white">
          {t.menuNotFetched}
        </p>
      ) : null}
      <Form ref={logoutForm} method="post" action="/logout" className="hidden" />
    </>
  );
}
