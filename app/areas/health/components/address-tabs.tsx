import { Tabs } from "radix-ui";
import type { ReactNode } from "react";
import { useNavigate, useNavigation } from "react-router";
import { tabClass } from "~/components/ui/choice-styles";

/**
 * Tabs whose each choice is a list the practice is asked for again (2§2 Diagnosis, Immunisation:
 * "clicking a tab refetches"): choosing one is a navigation to the tab's address, so a reload, back
 * or a shared link shows the same tab. Arrow keys move between tabs and Enter or Space chooses
 * (manual activation), so moving along the tabs does not fetch each list on the way.
 */
export interface TabChoice<T extends string> {
  value: T;
  label: string;
}


export function AddressTabs<T extends string>({ label, tabs, current, hrefOf, children }: { label: string; tabs: readonly TabChoice<T>[]; current: T; hrefOf(value: T): string; children: ReactNode }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  // While the chosen tab's list loads, the tab already shows as chosen.
  const pending = navigation.state === "loading" ? tabs.find((t) => hrefOf(t.value) === `${navigation.location.pathname}${navigation.location.search}`)?.value : undefined;
  const shown = pending ?? current;
  return (
    <Tabs.Root value={shown} activationMode="manual" onValueChange={(value) => void navigate(hrefOf(value as T), { preventScrollReset: true })}>
      <Tabs.List aria-label={label} className="no-print mb-4 flex flex-wrap gap-2 border-b border-muted/40">
        {tabs.map((t) => (
          <Tabs.Trigger key={t.value} value={t.value} className={tabClass}>
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value={shown} className="flex flex-col gap-4 focus-visible:outline-2">
        {children}
      </Tabs.Content>
    </Tabs.Root>
  );
}
