import { DropdownMenu } from "radix-ui";
import { useRef } from "react";
import { Form, useNavigate } from "react-router";
import { useReadPracticeAgain } from "~/lib/read-practice-again";
import { NOTIFICATION_SETTINGS } from "~/lib/notification-settings";
import { accountSwitchTexts } from "~/lib/texts/account-switch";
import { ACCESS_RECORD_PATH, SHARING_PATH } from "~/lib/areas";
import { shellTexts as t } from "../texts";

/** The header dropdown: Profile opens the user profile, Notification Settings the e-mail and notification switches, Switch account (a login with linked accounts) the chooser, Who has looked at my record the access record (issue 31), Who can see my record a young person's choices for their parents (issue 55), Refresh Configurations reloads the practice's settings and data, Log Out ends the session. */
export function UserMenu({ name, short, canSwitch = false, canShare = false }: { name: string; short?: string; canSwitch?: boolean; canShare?: boolean }) {
  const readAgain = useReadPracticeAgain();
  const navigate = useNavigate();
  const logoutForm = useRef<HTMLFormElement>(null);
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="min-h-11 rounded border-2 border-white px-3 font-semibold text-white">
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
          <span className="sr-only">{t.accountMenu}</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-56 rounded border border-line bg-white p-1 text-ink shadow-lg">
            <DropdownMenu.Item className={itemClass} onSelect={() => navigate("/profile")}>
              {t.profile}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={() => navigate(NOTIFICATION_SETTINGS)}>
              {t.notificationSettings}
            </DropdownMenu.Item>
            {canSwitch ? (
              <DropdownMenu.Item className={itemClass} onSelect={() => navigate("/account/switch")}>
                {accountSwitchTexts.menuItem}
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Item className={itemClass} onSelect={() => navigate(ACCESS_RECORD_PATH)}>
              {t.accessRecord}
            </DropdownMenu.Item>
            {canShare ? (
              <DropdownMenu.Item className={itemClass} onSelect={() => navigate(SHARING_PATH)}>
                {t.sharing}
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Item className={itemClass} onSelect={() => void readAgain()}>
              {t.refresh}
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-line" />
            <DropdownMenu.Item className={itemClass} onSelect={() => logoutForm.current?.requestSubmit()}>
              {t.logOut}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Form ref={logoutForm} method="post" action="/logout" className="hidden" />
    </>
  );
}

const itemClass = "flex min-h-11 cursor-pointer items-center rounded px-3 outline-none data-[highlighted]:bg-focus data-[highlighted]:text-ink";
