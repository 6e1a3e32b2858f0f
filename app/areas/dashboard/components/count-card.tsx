import { Link } from "react-router";
import type { DashboardCard } from "~/lib/menu";

/**
 * One card of the dashboard (1§2): the practice's count, its empty text at 0, or a sentence; a count
 * the practice did not send says `notRecorded`, never the empty text ("No unread messages"), which would
 * be a claim (issue 68, decisions/396). Linked only where the menu offers the area.
 */
export function CountCard({ card, notRecorded }: { card: DashboardCard; notRecorded: string }) {
  return (
    <li className="flex flex-col gap-2 rounded border-t-4 border-brand bg-white p-4 shadow-sm">
      <h2 className="text-lg font-bold">{card.title}</h2>
      {card.count === null ? (
        <p>{"text" in card ? card.text : notRecorded}</p>
      ) : card.count > 0 ? (
        <p>
          <span className="text-4xl font-bold">{card.count}</span>
          <span className="sr-only"> {card.unit}</span>
        </p>
      ) : (
        <p className="text-muted">{card.empty}</p>
      )}
      {card.href ? (
        <Link to={card.href} className="mt-auto text-brand underline underline-offset-4">
          {card.link}
        </Link>
      ) : null}
    </li>
  );
}
