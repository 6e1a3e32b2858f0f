import { shellTexts } from "~/shell/texts";
import { Form, Link, useNavigation } from "react-router";
import { loadSwitchPage, switchAccount } from "./page.server";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { AccountChoices } from "~/components/account-choices";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { accountSwitchTexts } from "~/lib/texts/account-switch";
import type { Route } from "./+types/page.route";

/**
 * Switch account (issue 21, item 12; decisions/160): the sign-in's chooser again, as a page of the
 * shell, for a login with linked accounts. Choosing one opens the dashboard viewing that person.
 */

export const meta: Route.MetaFunction = () => [{ title: shellTexts.pageTitle(accountSwitchTexts.title) }];

export function loader({ request }: Route.LoaderArgs) {
  return loadSwitchPage(request);
}

export function action({ request }: Route.ActionArgs) {
  return switchAccount(request);
}

const t = accountSwitchTexts;

export default function AccountSwitch({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, current } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/account/switch";
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <Breadcrumb current={t.title} />
      <h1 className="text-3xl font-bold">{t.title}</h1>
      {accounts.length > 1 ? (
        <>
          <p>{t.intro}</p>
          {actionData && !actionData.ok ? <Alert>{actionData.message}</Alert> : null}
          <Form method="post" className="flex flex-col gap-4">
            <AccountChoices accounts={accounts} legend={t.legend} current={current} currentNote={t.viewing} />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" busy={busy}>
                {busy ? t.busy : t.continue}
              </Button>
              <Link to="/" className={buttonClass("secondary")}>
                {t.cancel}
              </Link>
            </div>
          </Form>
        </>
      ) : (
        <p>{t.noneLinked}</p>
      )}
    </div>
  );
}
