import { DropdownMenu } from "radix-ui";
import { Fragment, useEffect, useLayoutEffect, useRef } from "react";
import { ACCOUNT_MENU_BUTTON, AccountMenuLabel } from "./account-menu-button";

/** A press on the plain button before this module arrived (user-menu.tsx): a key radix's trigger opens on, or the pointer. */
export type EarlyPress = { key: "Enter" | " " | "ArrowDown" } | { pointer: true };

/** An item of the menu: its words and what choosing it does, both given by user-menu.tsx. */
export interface AccountMenuItem {
  label: string;
  onSelect(): void;
}

interface AccountMenuProps {
  name: string;
  short?: string;
  /** The items, in groups with a line between them. */
  groups: AccountMenuItem[][];
  /** The plain button had the focus when this module arrived: the trigger takes it over. */
  focus: boolean;
  /** The press the patient made before this module arrived, handed to the trigger once it is in the page. */
  press: EarlyPress | null;
}

/**
 * The header's account menu (radix DropdownMenu, with Popper and floating-ui), fetched when the patient
 * reaches for its button (user-menu.tsx, decisions/070). Its items, their words and what they do are
 * user-menu.tsx's, in the first load: this module only draws them as radix's menu.
 */
export function AccountMenu({ name, short, groups, focus, press }: AccountMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const handedOver = useRef(false);
  // The trigger replaces the plain button in place: the focus stays on the menu's button, not on <body>.
  useLayoutEffect(() => {
    if (focus) trigger.current?.focus();
  }, [focus]);
  // The early press goes to radix's trigger as the patient made it, so the menu opens as radix opens it (by
  // keyboard with the first item focused, by pointer with the menu itself). After the menu root's own effects,
  // which listen for the keyboard; once only.
  useEffect(() => {
    const button = trigger.current;
    if (!press || !button || handedOver.current) return;
    handedOver.current = true;
    button.dispatchEvent(
      "key" in press
        ? new KeyboardEvent("keydown", { key: press.key, bubbles: true, cancelable: true })
        : new PointerEvent("pointerdown", { button: 0, pointerType: "mouse", isPrimary: true, bubbles: true, cancelable: true }),
    );
  }, [press]);
  // Not modal (decisions/070): a modal menu hides the page with aria-hidden while its links stay focusable (axe's aria-hidden-focus).
  // No portal: drawn in the header, the menu is in its landmark (axe's region), and fixed in place all the same.
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger ref={trigger} className={ACCOUNT_MENU_BUTTON}>
        <AccountMenuLabel name={name} short={short} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-56 rounded border border-line bg-white p-1 text-ink shadow-lg">
        {groups.map((items, group) => (
          <Fragment key={group}>
            {group > 0 ? <DropdownMenu.Separator className="my-1 h-px bg-line" /> : null}
            {items.map(({ label, onSelect }) => (
              <DropdownMenu.Item key={label} className={itemClass} onSelect={onSelect}>
                {label}
              </DropdownMenu.Item>
            ))}
          </Fragment>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

const itemClass = "flex min-h-11 cursor-pointer items-center rounded px-3 outline-none data-[highlighted]:bg-focus data-[highlighted]:text-ink";
