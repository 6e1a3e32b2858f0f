/**
 * `npm run bench:mock`: what a world costs. Creating a default world over the admin API (median and
 * p95 of ROUNDS creations, each deleted at once), then 50 worlds alive at once, each signed in to
 * and its dashboard calls made, with the heap and RSS they add. Prints figures for the README;
 * asserts nothing. Run with `node --expose-gc` (the npm script does) so the memory figures are
 * taken after a collection.
 */
import { readAuthReply } from "@contract/auth";
import { endpoints } from "@contract/endpoints";
import { createMockServer } from "../mock-server/server";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const ALIVE = Number(process.env.BENCH_WORLDS ?? 50);
const MB = 1024 * 1024;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms (n=${samples.length})`;
}

const gc = (globalThis as { gc?: () => void }).gc;
function memory() {
  gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  return { heap: heapUsed / MB, rss: rss / MB };
}

async function main() {
  const mock = await createMockServer({ port: 0 });
  const admin = (path: string, init: RequestInit = {}) => fetch(`${mock.url}/__admin${path}`, init);
  const create = async () => {
    const res = await admin("/worlds", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    if (res.status !== 201) throw new Error(`world creation answered ${res.status}`);
    return (await res.json()) as { id: string; apiUrl: string; users: Array<{ label: string; username: string; password: string }> };
  };

  // Warm up once: the first world pays for loading modules (msw, faker locales).
  await admin(`/worlds/${(await create()).id}`, { method: "DELETE" });
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const world = await create();
    samples.push(performance.now() - start);
    await admin(`/worlds/${world.id}`, { method: "DELETE" });
  }

  const before = memory();
  const alive = [];
  for (let i = 0; i < ALIVE; i++) {
    const world = await create();
    // Used, not just created: sign in and load what the dashboard loads, which builds the lazy parts.
    const solo = world.users.find((u) => u.label === "solo")!;
    const auth = await fetch(`${world.apiUrl}Patient/Authentication`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ UserName: solo.username, Password: solo.password, q: "" }) });
    const outcome = readAuthReply(endpoints.patientAuthentication.reply.parse(await auth.json()));
    if (outcome.kind !== "signedIn") throw new Error(`solo did not sign in: ${outcome.kind}`);
    const { patientId, token } = outcome;
    for (const path of ["Patient/RefreshCounter", "Patient/Organization", `Patient/Messaging?Type=1&MessagingType=1&PageSize=25&PageNumber=1&`, "Patient/Appointments?PageSize=25&PageNumber=1&AppointmentType=0&"]) {
      const sep = path.includes("?") ? "" : "?";
      const reply = await fetch(`${world.apiUrl}${path}${sep}PatientID=${patientId}`, { headers: { Token: token } });
      if (reply.status !== 200) throw new Error(`${path} answered ${reply.status}`);
      await reply.text();
    }
    alive.push({ world, patientId, token });
  }
  const after = memory();

  // A real invoice PDF (pdf-lib, a DejaVu Sans subset embedded so macrons print), over HTTP.
  const { world, patientId, token } = alive[0];
  const listed = await fetch(`${world.apiUrl}Patient/PaymentNotice?PatientID=${patientId}&TransactionTypeID=0&PageSize=100&PageNumber=1`, { headers: { Token: token } });
  const invoiceIds = endpoints.paymentNotice.reply.parse(await listed.json()).resources.map((r) => r.id);
  const pdfSamples: number[] = [];
  let pdfBytes = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const reply = await fetch(`${world.apiUrl}Patient/LoadInvoicePDF?PatientID=${patientId}&InvoiceTransactionID=${invoiceIds[i % invoiceIds.length]}`, { headers: { Token: token } });
    const { PDFFileName } = (await reply.json()) as { PDFFileName: string };
    pdfSamples.push(performance.now() - start);
    pdfBytes = Buffer.from(PDFFileName, "base64").length;
  }

  console.log(
    [
      `Creating a default world (POST /__admin/worlds): ${stats(samples)}`,
      `${alive.length} worlds alive, each signed in to with its dashboard calls made: heap +${(after.heap - before.heap).toFixed(1)} MB, RSS +${(after.rss - before.rss).toFixed(1)} MB (process RSS ${after.rss.toFixed(0)} MB)${gc ? "" : " [run with --expose-gc for steadier figures]"}`,
      `An invoice PDF (GET Patient/LoadInvoicePDF, generated per call): ${stats(pdfSamples)}; ${(pdfBytes / 1024).toFixed(1)} KB`,
    ].join("\n"),
  );
  await mock.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
