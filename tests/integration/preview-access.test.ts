import { beforeAll, describe, expect, it } from "vitest";
import { getInvoices } from "~/.server/practice/accounts.server";
import { getLetters } from "~/.server/practice/letters.server";
import { DocumentRate } from "~/.server/document-rate.server";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { signedInToPortal } from "../helpers/portal-cookie";

/**
 * The full page of a document (/preview) by an address made by hand: another patient's letter or
 * invoice, an id the practice does not know and a kind the portal does not show are all "not found"
 * (the same answer, so an address cannot tell which), and Back stays in the document's own area.
 */
const mock = useMockServer();
const rate = new DocumentRate({ DOCUMENT_RATE_LIMIT: 100_000, DOCUMENT_RATE_WINDOW_SECONDS: 60 });
let world: TestWorld;
let preview: typeof import("~/areas/preview/page.server");
let sessions: typeof import("~/.server/session.server").sessions;

beforeAll(async () => {
  preview = await import("~/areas/preview/page.server");
  ({ sessions } = await import("~/.server/session.server"));
  world = await mock.createWorld({ seed: 71 });
});

describe("the full page by a forged address", () => {
  it("shows a patient's own letter and invoice, and finds nothing of them for another patient, nor an unknown id or kind", async () => {
    const solo = await signedInToPortal(sessions, world, "solo");
    const [letter] = (await getLetters({ api: solo.practice.api, patientId: solo.practice.id }, 1)).resources;
    const [invoice] = (await getInvoices(solo.practice.api, solo.practice.id, "all")).resources;
    expect(letter?.id && invoice?.id).toBeTruthy();
    const addresses = [`/preview?type=letter&id=${letter.id}&back=%2Fletters`, `/preview?type=invoice&id=${invoice.id}&back=%2Faccounts`];
    const load = (cookie: string, address: string) => preview.loadPreviewPage(new Request(`http://portal.test${address}`, { headers: { Cookie: cookie } }), rate);

    for (const address of addresses) expect(await load(solo.cookie, address), address).toMatchObject({ found: true });

    const other = await signedInToPortal(sessions, world, "empty");
    for (const address of [...addresses, "/preview?type=result&id=999999", "/preview?type=nothing&id=1"]) {
      expect(await load(other.cookie, address), address).toMatchObject({ found: false });
    }
    // Back from a forged address names the area's own page, never another site.
    expect(await load(other.cookie, `/preview?type=letter&id=${letter.id}&back=${encodeURIComponent("https://example.com/phish")}`)).toEqual({ found: false, back: { to: "/letters", area: "Letters" } });
  });
});
