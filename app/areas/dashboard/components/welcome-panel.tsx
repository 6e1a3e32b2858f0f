import { Link } from "react-router";
import type { MenuLink } from "~/lib/menu";
import { dashboardPageTexts as t } from "../texts";

/** What a new patient can do first, each only where the practice's menu has that area (decisions/004). */
const NEXT_STEPS: { path: string; text: string }[] = [
  { path: "/appointments", text: t.bookFirst },
  { path: "/emails", text: t.sendMessage },
  { path: "/medications", text: t.seeMedications },
  { path: "/accounts", text: t.seeInvoices },
];

/**
 * The dashboard of a patient with nothing on record yet (issue 21): a short welcome and what to do
 * next, in place of two charts of empty axes.
 */
export function WelcomePanel({ menu }: { menu: readonly MenuLink[] }) {
  const steps = NEXT_STEPS.filter((step) => menu.some((item) => item.path === step.path));
  return (
    <section aria-labelledby="welcome-heading" className="flex flex-col gap-3 rounded border-l-8 border-brand bg-white p-4 shadow-sm">
      <h2 id="welcome-heading" className="text-xl font-bold">
        {t.welcomeTitle}
      </h2>
      <p>{t.welcomeText}</p>
      <p className="font-semibold">{t.nextSteps}</p>
      <ul className="flex list-disc flex-col gap-1 pl-6">
        <li>
          <Link to="/profile" className="text-brand underline underline-offset-4">
            {t.checkDetails}
          </Link>
        </li>
        {steps.map((step) => (
          <li key={step.path}>
            <Link to={step.path} className="text-brand underline underline-offset-4">
              {step.text}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
