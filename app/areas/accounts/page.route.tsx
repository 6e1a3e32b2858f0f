import { Tabs } from "radix-ui";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { loadAccountsPage } from "./page.server";
import { InvoiceTable, type InvoiceTableHandle } from "./components/invoice-table";
import type { InvoiceTableRow, PaidNotice } from "~/lib/accounts-view";
import { PaymentResult } from "./components/payment-receipt";
import { PaymentPanel } from "./components/payment-panel";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { paymentTexts } from "./texts";
import type { Route } from "./+types/page.route";
import { tabClass } from "~/components/ui/choice-styles";
import { lazyModule } from "~/lib/lazy-module";
import { previewHref } from "~/lib/preview-view";
import { useHydrated } from "~/components/ui/use-hydrated";
import { currentViewing } from "~/lib/viewing";

// The INVOICE dialog (1§2) comes when an invoice is opened, fetched when the patient reaches for the
// invoices (issue 54: it kept /accounts under its first-load budget with the payment form's machine hook).
const documentDialog = lazyModule(() => import("~/components/pdf/document-dialog"));
const DocumentDialog = documentDialog.component((m) => m.DocumentDialog);
const reachForInvoices = () => void documentDialog.preload().catch(() => undefined);

const INVOICE_TEXTS = { loading: paymentTexts.invoiceLoading, failed: paymentTexts.pdfFailed, pageFailed: paymentTexts.pdfPageFailed };

export const meta: Route.MetaFunction = () => [{ title: paymentTexts.metaTitle }];

export function loader({ request }: Route.LoaderArgs) {
  return loadAccountsPage(request);
}


export default function Accounts({ loaderData }: Route.ComponentProps) {
  const { pending, all, methodType, cardTypes, provider, billing, openPayment } = loaderData;
  const location = useLocation();
  const urlTab = new URLSearchParams(location.search).get("tab") === "all" ? "all" : "pending";
  // Both lists come with the page, so a tab is page state, not a navigation: a click shows it at once
  // and asks the practice for nothing. The address records it (a reload keeps the tab) without a
  // navigation; one would re-run the loader, and two quick clicks used to race each other.
  const [tab, setTab] = useState(urlTab);
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    // A navigation (a paging link, back, forward) brings its own address: the tab follows it.
    setSeenLocation(location.key);
    setTab(urlTab);
  }
  const [open, setOpen] = useState<InvoiceTableRow | null>(null);
  // The result of Pay is kept with this entry of the tab's history, and the page read again with it: a
  // read that fails shows the page's failure, which says it too (`outcome`, app/lib/kept-outcome.ts),
  // and its Retry (or a reload) shows the result once more, so a patient whose card was charged is
  // always told so.
  // (The server has no history state: read once the page is the browser's, as a reload renders it.)
  const hydrated = useHydrated();
  // Only this page puts `paid` in its entries' state (onPaid below), with whose record it was: an entry
  // reached again in this tab by someone else signed in since (Back, a reload) does not show it.
  const kept = location.state as { paid?: PaidNotice; viewing?: string | null } | null;
  const paid = hydrated && kept?.viewing === currentViewing() ? (kept.paid ?? null) : null;
  const navigate = useNavigate();
  const { pathname, search } = location;
  const onPaid = useCallback(
    (notice: PaidNotice) => void navigate({ pathname, search }, { replace: true, preventScrollReset: true, state: { paid: notice, outcome: notice.message, viewing: currentViewing() } }),
    [navigate, pathname, search],
  );
  // The result of Pay takes the focus: the Pay button it came from is gone with the form it re-keys,
  // and at 390 px the result would otherwise be above the fold (issue 21).
  const paidRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!paid) return;
    paidRef.current?.focus();
    paidRef.current?.scrollIntoView({ block: "center" });
  }, [paid]);
  // This tab's Pay was refused for an open payment: the page reads it again, and its notice (or the
  // form that pays it) takes the focus.
  const [blocked, setBlocked] = useState(false);
  const onBlocked = useCallback(() => {
    setBlocked(true);
    void navigate({ pathname, search }, { replace: true, preventScrollReset: true });
  }, [navigate, pathname, search]);
  // After "Show more", the focus goes to the first invoice it brought, as on every other paged list.
  const invoices = useRef<InvoiceTableHandle>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from !== null && all.rows.length > from) {
      focusFrom.current = null;
      invoices.current?.focusRow(from);
    }
  }, [all.rows]);
  const moreSearch = `?${new URLSearchParams({ tab: "all", pages: String(all.pages + 1) })}`;
  // A new set of pending invoices (after a payment) starts a new payment form, and so does an open
  // payment appearing, going or changing (the form then pays it: decisions/374).
  const pendingKey = [...pending.map((i) => `${i.id}:${i.balanceCents}`), openPayment ? `${openPayment.key}:${openPayment.charged}` : ""].join(",");

  return (
    <div className="flex flex-col gap-6">
      <Breadcrumb current={paymentTexts.title} />
      <h1 className="text-3xl font-bold">{paymentTexts.title}</h1>
      <Alert tone="info" title={paymentTexts.keepSafe}>
        {paymentTexts.disclaimer}
      </Alert>
      {paid ? <PaymentResult ref={paidRef} notice={paid} /> : null}

      <Tabs.Root
        value={tab}
        onValueChange={(value) => {
          const next = value === "all" ? "all" : "pending";
          setTab(next);
          const url = new URL(window.location.href);
          if (next === "all") url.searchParams.set("tab", "all");
          else url.searchParams.delete("tab");
          // React Router's own history state is kept, so back and forward still work.
          window.history.replaceState(window.history.state, "", url);
        }}
      >
        <Tabs.List aria-label={paymentTexts.invoicesTabs} className="mb-4 flex gap-2 border-b border-muted/40">
          <Tabs.Trigger value="pending" className={tabClass}>
            {paymentTexts.pendingTab}
          </Tabs.Trigger>
          <Tabs.Trigger value="all" className={tabClass}>
            {paymentTexts.allTab}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="pending" className="focus-visible:outline-2">
          <PaymentPanel key={pendingKey} invoices={pending} methodType={methodType} cardTypes={cardTypes} provider={provider} billing={billing} openPayment={openPayment} focusOpen={blocked} onOpen={setOpen} onReachInvoices={reachForInvoices} onPaid={onPaid} onBlocked={onBlocked} />
        </Tabs.Content>
        <Tabs.Content value="all" className="flex flex-col gap-4 focus-visible:outline-2">
          <InvoiceTable ref={invoices} caption={paymentTexts.allCaption} rows={all.rows} empty={paymentTexts.noInvoices} onOpen={setOpen} onReach={reachForInvoices} />
          {all.total === undefined ? (
            <p className="text-muted">{paymentTexts.showing(all.rows.length)}</p>
          ) : all.rows.length < all.total ? (
            <p className="text-muted">{paymentTexts.showingOf(all.rows.length, all.total)}</p>
          ) : null}
          {all.more ? (
            <Link to={`/accounts${moreSearch}`} preventScrollReset onClick={() => (focusFrom.current = all.rows.length)} className={`${buttonClass("secondary")} self-start`}>
              {paymentTexts.showMore}
            </Link>
          ) : null}
        </Tabs.Content>
      </Tabs.Root>

      {open ? (
        <Suspense fallback={null}>
          <DocumentDialog
            document={{
              title: paymentTexts.invoiceDocumentTitle,
              description: paymentTexts.invoiceNamed(open.reference),
              url: `/accounts/invoice/${encodeURIComponent(open.id)}`,
              // An invoice without a reference on record is named by its id (issue 68).
              fileName: `invoice-${open.reference || open.id}.pdf`,
              pdf: true,
              fullPage: previewHref("invoice", open.id, location.pathname + location.search),
              downloadLabel: paymentTexts.downloadPdf,
            }}
            onClose={() => setOpen(null)}
            texts={INVOICE_TEXTS}
            printable
            viewer={{ title: paymentTexts.invoiceNamed(open.reference), maxWidth: 900, zoomable: true }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
