import type { ResourceItem } from "../view";
import { resourcesTexts } from "../texts";
import { Button, buttonClass } from "~/components/ui/button";
import { practiceLang } from "~/lib/language";

/** An arrow leaving a box: the usual sign of a link that opens elsewhere; its words say so too. */
function ExternalIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M14 4h6v6" />
      <path d="M20 4 10 14" />
      <path d="M19 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h5" />
    </svg>
  );
}

/**
 * The grid of health resources (2§2): a PDF opens in the viewer dialog, a link in a new tab, marked
 * as leaving the portal in its visible text, its icon and its accessible name. One column on a phone.
 */
export function ResourceGrid({ items, onOpen }: { items: readonly ResourceItem[]; onOpen(item: ResourceItem & { kind: "pdf" }): void }) {
  return (
    <ul aria-label={resourcesTexts.resources} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {items.map((item) => (
        <li key={item.id} className="flex flex-col gap-3 rounded border border-line bg-white p-4 shadow-sm">
          <h2 className="text-xl font-bold break-words" lang={practiceLang(item.title)}>
            {item.title}
          </h2>
          {/* A type beyond PDF and link is shown as the practice sent it (decisions/396). */}
          {item.kind !== "pdf" && item.type ? <p className="text-muted break-words">{resourcesTexts.typeOf(item.type)}</p> : null}
          {item.kind === "pdf" ? (
            <>
              <p className="text-muted">{resourcesTexts.pdfDocument}</p>
              <Button className="mt-auto self-start" onClick={() => onOpen(item)}>
                {/* One span: the flex gap would otherwise open around the hidden title. */}
                <span>
                  {resourcesTexts.open}
                  <span className="sr-only" lang={practiceLang(item.title)}>
                    {" "}
                    {item.title}
                  </span>{" "}
                  {resourcesTexts.pdfMark}
                </span>
              </Button>
            </>
          ) : item.kind === "link" ? (
            <>
              <p className="text-muted break-all">{resourcesTexts.website(item.host)}</p>
              <a href={item.url} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary", "mt-auto self-start")}>
                <span>
                  {resourcesTexts.open}
                  <span className="sr-only" lang={practiceLang(item.title)}>
                    {" "}
                    {item.title}
                  </span>{" "}
                  ({resourcesTexts.newTab})
                </span>
                <ExternalIcon />
              </a>
            </>
          ) : (
            <p className="text-muted">{item.type ? resourcesTexts.cannotOpen : resourcesTexts.linkUnavailable}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
