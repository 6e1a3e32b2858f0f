import { beforeAll, describe, expect, it } from "vitest";
import { useMockServer, type HttpSession, type TestWorld } from "../helpers/mock-world";

/** Date query parameters are real calendar dates: an impossible one is a 400 naming the field, not an empty list. */
const mock = useMockServer();
let world: TestWorld;
let s: HttpSession;

beforeAll(async () => {
  world = await mock.createWorld({ seed: 31 });
  s = await world.signInHttp("solo");
});

const get = (path: string) => fetch(`${s.base}${path}`, { headers: { Token: s.token } });

async function refusedFields(res: Response): Promise<string[]> {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: string; issues: { path: string; message: string }[] };
  expect(body.error).toMatch(/^Invalid query/);
  return body.issues.map((i) => i.path);
}

describe("date query parameters", () => {
  it("refuses an appointments range of 2026-99-99 to 2026-00-00 (400, both fields named)", async () => {
    const res = await get(`Patient/Appointments?PatientID=${s.id}&PageSize=10&PageNumber=1&FromDate=2026-99-99&ToDate=2026-00-00`);
    const fields = await refusedFields(res);
    expect(fields).toEqual(expect.arrayContaining(["FromDate", "ToDate"]));
  });

  it("refuses a lab results fromdate of 2026-02-31 (400, fromdate named)", async () => {
    const res = await get(`Patient/LabResults?PatientID=${s.id}&PageSize=10&PageNumber=1&fromdate=2026-02-31`);
    expect(await refusedFields(res)).toEqual(["fromdate"]);
  });

  it("refuses a letters range starting 2026-02-31 00:00:00 or ending at 24:00:00 (400, the field named)", async () => {
    const start = await get(`Patient/LetterAndDocument?Token=${s.token}&PatientID=${s.id}&StartDate=2026-02-31%2000:00:00&EndDate=2026-03-01%2023:59:59`);
    expect(await refusedFields(start)).toEqual(["StartDate"]);
    const end = await get(`Patient/LetterAndDocument?Token=${s.token}&PatientID=${s.id}&StartDate=2026-03-01%2000:00:00&EndDate=2026-03-01T24:00:00`);
    expect(await refusedFields(end)).toEqual(["EndDate"]);
  });

  it("still answers 200 for valid ranges, a leap day included", async () => {
    const appointments = await get(`Patient/Appointments?PatientID=${s.id}&PageSize=10&PageNumber=1&FromDate=2024-02-29&ToDate=2026-12-31`);
    expect(appointments.status).toBe(200);
    const labs = await get(`Patient/LabResults?PatientID=${s.id}&PageSize=10&PageNumber=1&fromdate=2024-02-29&todate=2026-12-31`);
    expect(labs.status).toBe(200);
    const letters = await get(`Patient/LetterAndDocument?Token=${s.token}&PatientID=${s.id}&StartDate=2024-02-29%2000:00:00&EndDate=2026-12-31T23:59:59`);
    expect(letters.status).toBe(200);
  });
});
