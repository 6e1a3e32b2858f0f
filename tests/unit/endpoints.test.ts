import { describe, expect, it } from "vitest";
import { endpoints } from "../../contract/endpoints";

/**
 * `contract/endpoints.ts` spreads each contract file's table of calls into one; a name two files
 * declare would be overwritten by the later spread without a word from `tsc`. Counted here from the
 * files themselves, every `*Endpoints` table a contract file exports.
 */
const contractFiles = import.meta.glob<Record<string, unknown>>("../../contract/*.ts", { eager: true });

describe("the practice API's calls", () => {
  it("are each declared by one contract file, and all gathered", () => {
    const declared = Object.entries(contractFiles).flatMap(([file, exports]) =>
      Object.entries(exports).flatMap(([exported, table]) => (exported.endsWith("Endpoints") && table && typeof table === "object" ? Object.keys(table).map((name) => `${name} (${file})`) : [])),
    );
    expect(declared.length).toBeGreaterThan(0);
    expect(declared.map((entry) => entry.split(" ")[0]).sort()).toEqual(Object.keys(endpoints).sort());
  });
});
