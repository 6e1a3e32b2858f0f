import { Tabs } from "radix-ui";
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate, useNavigation, useRevalidator, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Announcement, MessagingEvent } from "./messaging.machine";
import { loadMessagingPage } from "./page.server";
import { MessageList } from "./components/message-list";
import { NothingOpen } from "./components/nothing-open";
import { lazyModule } from "~/lib/lazy-module";
import { useNotice } from "~/components/ui/notice";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { keepLoaderDataWhen } from "~/lib/unchanged-data";
import { messagingTexts } from "./texts";
import { messagingSearch, onlyTheOpenMessageChanged, type Box, type ReadFilterName } from "./address";
import type { AttachmentView, MessageView } from "./view";
import { preloadMessagingSteps } from "./call-step";
import { useDeleteMessages } from "./use-delete-messages";
import { useMessagePages } from "./use-message-pages";
import { listSearchOf, useOpenMessage } from "./use-open-message";
import { useSelection } from "./use-selection";
import type { Route } from "./+types/page.route";
import { tabClass } from "~/components/ui/choice-styles";
import { useReadPracticeAgain } from "~/lib/read-practice-again";
import { keepOutcome } from "~/lib/kept-outcome";
import { useMachineWhenReached } from "~/lib/use-machine-when-reached";
import { earlyMessaging, isEarlyMessagingEvent, MESSAGING_START, messagingDialogsOf, notFetched } from "./dialogs";
import { PRACTICE_LANG } from "~/lib/language";

export const meta: Route.MetaFunction = () => [{ title: messagingTexts.pageTitle }];

export function loader({ request }: Route.LoaderArgs) {
  return loadMessagingPage(request);
}

export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return onlyTheOpenMessageChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;
}

// The shell's data too stays as it is while a message is opened or closed (decisions/344).
keepLoaderDataWhen(onlyTheOpenMessageChanged);

const t = messagingTexts;

// The form, its file checks and the PDF preview load when the patient writes or opens a PDF (issue 12).
// The messaging machine, xstate, and the writing steps with their zod schemas (decisions/361).
const messagingCode = lazyModule(() => import("./messaging-actor"));
const composeDialog = lazyModule(() => import("./components/compose-dialog"));
const ComposeForm = composeDialog.component((m) => m.ComposeForm);
const documentDialog = lazyModule(() => import("~/components/pdf/document-dialog"));
const DocumentDialog = documentDialog.component((m) => m.DocumentDialog);
const preloadCompose = () => void composeDialog.preload();
// The notice host, the smaller dialogs (send a draft, delete, an image) and the open message's view are
// fetched when the patient reaches for the messages (pointed at or focused) or first needs one, and
// drawn from then on (decisions/361); until the viewer arrives an opened message shows as loading.
const noticeHost = lazyModule(() => import("./components/notice-host"));
const NoticeHost = noticeHost.component((m) => m.NoticeHost);
const pageDialogs = lazyModule(() => import("./components/page-dialogs"));
const SendDraftDialog = pageDialogs.component((m) => m.SendDraftDialog);
const DeleteDialog = pageDialogs.component((m) => m.DeleteDialog);
const ImageDialog = pageDialogs.component((m) => m.ImageDialog);
const messageViewer = lazyModule(() => import("./components/message-viewer"));
const MessageViewer = messageViewer.component((m) => m.MessageViewer);
/** The messages reached for: the steps that page, open and delete them, and the parts their answers are drawn in. */
const reachMessages = () => {
  preloadMessagingSteps();
  for (const part of [messageViewer, pageDialogs, noticeHost]) part.preload().catch(() => undefined);
};
const TABS: ReadonlyArray<{ value: Box; label: string; list: string }> = [
  { value: "inbox", label: t.inbox, list: t.inboxList },
  { value: "sent", label: t.sentBox, list: t.sentList },
  { value: "drafts", label: t.draftBox, list: t.draftList },
];
const FILTERS: ReadonlyArray<{ value: ReadFilterName; label: string }> = [
  { value: "all", label: t.filterAll },
  { value: "unread", label: t.filterUnread },
  { value: "read", label: t.filterRead },
];

function emptyText(box: Box, filter: ReadFilterName): string {
  if (box === "sent") return t.emptySent;
  if (box === "drafts") return t.emptyDrafts;
  return filter === "unread" ? t.noUnread : filter === "read" ? t.noRead : t.emptyInbox;
}

export default function MessagingPage({ loaderData }: Route.ComponentProps) {
  const { view, unread, settings, disclaimers, centres } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const revalidator = useRevalidator();
  const { revalidate } = revalidator;
  const [preview, setPreview] = useState<AttachmentView | null>(null);
  const { notice, tell: notify, dismiss } = useNotice();

  // Each part of the page is one hook's: the pages reached, the rows ticked, the open message, deleting.
  const pages = useMessagePages({ firstRows: loaderData.rows, total: loaderData.total, box: view.box, filter: view.filter });
  const total = pages.count;
  // Messages the practice has just deleted (a replaced or sent draft, the page's Delete) leave the list
  // at once, not when it comes back: a patient could otherwise open one that is gone. Kept for the
  // list they were deleted from; the list read again no longer has them.
  const [gone, setGone] = useState<{ from: typeof loaderData.rows; ids: ReadonlySet<string> }>({ from: loaderData.rows, ids: new Set() });
  const goneIds = gone.from === loaderData.rows ? gone.ids : null;
  const removeRows = useCallback(
    (ids: readonly string[]) => {
      if (ids.length > 0) setGone((was) => ({ from: loaderData.rows, ids: new Set([...(was.from === loaderData.rows ? was.ids : []), ...ids]) }));
    },
    [loaderData.rows],
  );
  const listed = useMemo(() => (goneIds ? pages.rows.filter((r) => !goneIds.has(r.id)) : pages.rows), [pages.rows, goneIds]);
  const selection = useSelection(listed);
  const { restart: restartPages } = pages;
  const { clear: clearSelection } = selection;
  const startOver = useCallback(() => {
    restartPages();
    clearSelection();
  }, [restartPages, clearSelection]);
  const open = useOpenMessage({ location, rows: listed, firstRows: loaderData.rows, revalidate, onListRestart: startOver });
  const { messageId, opened, readIds } = open;
  // The rows as the patient has read them here.
  const rows = useMemo(() => listed.map((r) => (readIds.has(r.id) && !r.read ? { ...r, read: true } : r)), [listed, readIds]);

  const heading = useRef<HTMLDivElement>(null);

  // The boxes changed: the list starts again, the open message closes (2§4), then page 1 and the counters are read again.
  const readAgain = useReadPracticeAgain();
  // `done`, what the patient's own write did, is said by the page's failure if reading it again fails.
  const reload = useCallback(
    async (done: string | null) => {
      startOver();
      if (messageId) await navigate(`/emails${listSearchOf(location.search)}`, { replace: true, preventScrollReset: true });
      if (done) keepOutcome(location.pathname, done);
      // The patient asked for what is new: the counts the session kept are read again with the list.
      await readAgain();
    },
    [startOver, messageId, location.search, location.pathname, navigate, readAgain],
  );
  // Sending or saving changed the boxes: the notice shows, and the lists reload from page 1 (2§4).
  const announced = useCallback(
    (announcement: Announcement) => {
      notify({ tone: announcement.tone, title: announcement.title, detail: announcement.detail });
      removeRows(announcement.removed);
      if (announcement.changed) void reload(announcement.tone === "success" ? announcement.title : null);
    },
    [notify, reload, removeRows],
  );
  // Every post's outcome goes to the page as it is now, whenever the machine started.
  const announcedNow = useRef(announced);
  useEffect(() => {
    announcedNow.current = announced;
  }, [announced]);
  // Fetched when the patient reaches for writing (Compose Message or a message's actions pointed at or
  // focused, or any event sent; decisions/361): until then its dialogs are drawn from the page's answer
  // (dialogs.ts), a Compose pressed early opening the dialog, its form following, a draft's Send pressed
  // early sent once.
  const writer = useMachineWhenReached({
    code: messagingCode,
    start: ({ startMessaging }, early: readonly MessagingEvent[]) => startMessaging(settings, early, (announcement) => announcedNow.current(announcement)),
    initial: MESSAGING_START,
    answer: (shown, event) => (isEarlyMessagingEvent(event) ? earlyMessaging(shown, event, settings) : shown),
    notFetched: (shown, early) => notFetched(shown, early, settings),
  });
  const running = writer.actor && writer.snapshot ? { actor: writer.actor, state: writer.snapshot } : null;
  const dialogs = running ? messagingDialogsOf(running.state) : writer.early;
  const { send } = writer;

  const deletion = useDeleteMessages({
    box: view.box,
    notify,
    onDeleted: (ids, said) => {
      removeRows(ids);
      void reload(said);
    },
  });

  const go = (box: Box, filter: ReadFilterName = "all") => void navigate(`/emails${messagingSearch({ box, filter })}`, { preventScrollReset: true });
  const loading = (navigation.state === "loading" && navigation.location.pathname === "/emails") || revalidator.state === "loading";
  const { openId } = open;
  const position = openId ? rows.findIndex((r) => r.id === openId) : -1;

  const writing = dialogs.open === "writing";
  const writingTitle = dialogs.mode === "reply" ? t.replyTitle : dialogs.mode === "draft" ? t.draftTitle : t.composeMessage;
  const reachWriting = () => {
    preloadCompose();
    writer.reach();
  };
  // Drawn from the first time one is needed, then kept, as they were drawn closed from the start before.
  const [dialogsDrawn, setDialogsDrawn] = useState(false);
  if (!dialogsDrawn && (deletion.ids !== null || dialogs.open === "sendingDraft" || preview?.kind === "image")) setDialogsDrawn(true);
  const [noticesDrawn, setNoticesDrawn] = useState(false);
  if (!noticesDrawn && notice !== null) setNoticesDrawn(true);

  return (
    <>
      <div className="flex flex-col gap-6">
        <Breadcrumb current={t.title} />
        <h1 className="text-3xl font-bold">{t.title}</h1>

        <Tabs.Root value={view.box} onValueChange={(value) => go(value as Box)}>
          <Tabs.List aria-label={t.messageBoxes} className="mb-4 flex flex-wrap gap-2 border-b border-muted/40">
            {TABS.map((tab) => (
              <Tabs.Trigger key={tab.value} value={tab.value} className={tabClass}>
                {tab.label}
                {tab.value === "inbox" && unread > 0 ? " " : null}
                {tab.value === "inbox" && unread > 0 ? (
                  <span className="ml-2 rounded-full bg-danger px-2 text-sm text-white">
                    {unread}
                    <span className="sr-only"> {t.unreadCount}</span>
                  </span>
                ) : null}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Content key={tab.value} value={tab.value} className="flex flex-col gap-4 focus-visible:outline-2" onPointerEnter={reachMessages} onFocus={reachMessages}>
              <div role="toolbar" aria-label={t.messages} className="flex flex-wrap items-center gap-3">
                <label className="inline-flex min-h-11 items-center gap-2 font-semibold">
                  <input type="checkbox" className="size-6" checked={selection.allSelected} disabled={rows.length === 0} onChange={selection.toggleAll} />
                  {t.selectAll}
                </label>
                {view.box === "inbox" ? (
                  <label className="inline-flex items-center gap-2 font-semibold">
                    {t.show}
                    <select value={view.filter} onChange={(e) => go("inbox", e.target.value as ReadFilterName)} className="min-h-11 rounded border-2 border-ink bg-white px-3">
                      {FILTERS.map((f) => (
                        <option key={f.value} value={f.value}>
                          {f.label}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
                {settings.compose ? (
                  <Button onClick={() => send({ type: "compose.open" })} onPointerEnter={reachWriting} onFocus={reachWriting} disabled={dialogs.open !== "closed"}>
                    {t.composeMessage}
                  </Button>
                ) : null}
                <Button variant="secondary" onClick={() => void reload(null)}>
                  {t.reload}
                </Button>
                <Button variant="secondary" onClick={() => deletion.ask([...selection.selected])}>
                  {t.deleteSelected(selection.selected.size)}
                </Button>
              </div>
              {!settings.compose ? <p className="text-muted">{t.composeOff}</p> : null}

              <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
                <div aria-busy={loading} className="flex min-w-0 flex-col gap-3">
                  <p aria-live="polite" className="text-muted">
                    {loading ? t.loadingMessages : total === undefined ? t.showingCount(rows.length) : t.showingOf(rows.length, total)}
                  </p>
                  {rows.length === 0 ? (
                    <p className="font-semibold text-danger">{emptyText(view.box, view.filter)}</p>
                  ) : (
                    <MessageList
                      label={tab.list}
                      rows={rows}
                      total={total}
                      selected={selection.selected}
                      openId={openId}
                      returnId={open.closedId}
                      onToggle={selection.toggle}
                      onOpen={(row) => {
                        if (row.id !== messageId) void navigate(`/emails${messagingSearch(view, row.id)}`, { preventScrollReset: true });
                        else if (opened.status === "failed") open.retry(row.id);
                        else heading.current?.querySelector<HTMLElement>("#open-message-subject")?.focus();
                      }}
                      onMore={pages.more ? () => void pages.loadMore() : undefined}
                      loadingMore={pages.loadingMore}
                      moreError={pages.moreError}
                    />
                  )}
                </div>
                <div ref={heading} className="min-w-0">
                  {opened.status === "none" ? (
                    <NothingOpen />
                  ) : (
                    <Suspense fallback={<p role="status">{t.loadingMessage}</p>}>
                      <MessageViewer
                        opened={opened}
                        box={view.box}
                        position={position >= 0 ? position + 1 : null}
                        total={total}
                        settings={settings}
                        busy={dialogs.open !== "closed" || deletion.busy}
                        onDelete={(m: MessageView) => deletion.ask([m.id])}
                        onReply={(m) => send({ type: "reply.open", message: m })}
                        onSendDraft={(m) => send({ type: "draft.send", id: m.id })}
                        onEditDraft={(m) => send({ type: "draft.edit", message: m })}
                        onPreview={setPreview}
                        onRetry={open.retry}
                        onReach={writer.reach}
                      />
                    </Suspense>
                  )}
                </div>
              </div>
            </Tabs.Content>
          ))}
        </Tabs.Root>

        <Dialog open={writing} onOpenChange={(isOpen) => (isOpen ? undefined : send({ type: "close" }))} title={writingTitle} dismissOnBackdrop={false} size="message">
          {writing ? (
            running ? (
              <Suspense fallback={<p role="status">{t.loadingForm}</p>}>
                <ComposeForm
                  context={running.state.context}
                  step={dialogs.formStep}
                  lookups={{ rolesLoading: running.state.matches({ writing: { roles: "loading" } }), recipientsLoading: running.state.matches({ writing: { recipients: "loading" } }) }}
                  send={send}
                  actor={running.actor}
                  disclaimer={dialogs.mode === "draft" ? disclaimers.draft : disclaimers.compose}
                  centres={centres}
                />
              </Suspense>
            ) : writer.unavailable ? (
              <div className="flex flex-col gap-4">
                <p role="alert" className="font-semibold text-danger">
                  {t.formUnavailable}
                </p>
                <div className="flex flex-wrap gap-3">
                  <Button onClick={writer.reach}>{t.tryAgain}</Button>
                  <Button variant="secondary" onClick={() => send({ type: "close" })}>
                    {t.cancel}
                  </Button>
                </div>
              </div>
            ) : (
              // Opened before the machine arrived: its form follows it (decisions/361).
              <p role="status">{t.loadingForm}</p>
            )
          ) : null}
        </Dialog>

        {preview && preview.kind === "pdf" ? (
          <Suspense fallback={null}>
            <DocumentDialog
              document={{ title: t.pdfTitle, description: preview.title, descriptionLang: PRACTICE_LANG, url: preview.url, fileName: preview.title, pdf: true }}
              onClose={() => setPreview(null)}
              texts={{ loading: t.pdfLoading, failed: t.pdfFailed, pageFailed: t.pdfPageFailed }}
            />
          </Suspense>
        ) : null}
      </div>
      {dialogsDrawn ? (
        <Suspense fallback={null}>
          <SendDraftDialog
            open={dialogs.open === "sendingDraft"}
            step={dialogs.draftStep}
            sessionEnded={dialogs.sessionEnded}
            busy={dialogs.busy}
            onConfirm={() => send({ type: "confirm" })}
            onCheck={() => send({ type: "check" })}
            onRemoveAgain={() => send({ type: "oldDraft.retry" })}
            onClose={() => send({ type: "close" })}
          />
          <DeleteDialog ids={deletion.ids} busy={deletion.busy} onConfirm={() => void deletion.confirm()} onCancel={deletion.cancel} />
          <ImageDialog preview={preview} onClose={() => setPreview(null)} />
        </Suspense>
      ) : null}
      {noticesDrawn ? (
        <Suspense fallback={null}>
          <NoticeHost notice={notice} onDismiss={dismiss} />
        </Suspense>
      ) : null}
    </>
  );
}
