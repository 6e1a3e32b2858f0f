import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The layer rules of eslint.config.js, run through ESLint's Node API on snippets placed (virtually)
 * where they would live: each rule must report its own violation and stay quiet on a clean import.
 */
const cwd = fileURLToPath(new URL("../..", import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd });
});

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("layer rules", () => {
  it("a component importing a route module fails (layer-routes)", async () => {
    const file = "app/components/accounts/example-widget.tsx";
    expect(await restrictedImports(file, 'import type { Route } from "../../routes/+types/accounts";\nexport type Props = Route.ComponentProps;\n')).toEqual([
      expect.stringContaining("layer-routes"),
    ]);
    expect(await restrictedImports(file, 'import { action } from "../../routes/login-help";\nexport const post = action;\n')).toEqual([expect.stringContaining("layer-routes")]);
    expect(await restrictedImports(file, 'import type { InvoiceTableRow } from "../../lib/accounts-view";\nimport { Button } from "../ui/button";\nexport const parts: [typeof Button, InvoiceTableRow?] = [Button];\n')).toEqual([]);
  });

  it("a .server module importing a component fails (layer-components), in app/.server and beside routes", async () => {
    const violation = 'import type { InvoiceTableRow } from "../components/accounts/invoice-table";\nexport type Row = InvoiceTableRow;\n';
    expect(await restrictedImports("app/.server/example-page.server.ts", violation)).toEqual([expect.stringContaining("layer-components")]);
    expect(await restrictedImports("app/routes/example.server.ts", violation)).toEqual([expect.stringContaining("layer-components")]);
    expect(await restrictedImports("app/.server/example-page.server.ts", 'import type { InvoiceTableRow } from "../lib/accounts-view";\nexport type Row = InvoiceTableRow;\n')).toEqual([]);
  });

  it("a machine importing anything but app/lib, contract/ and packages fails (layer-machines)", async () => {
    const file = "machines/example.machine.ts";
    for (const from of ["../app/.server/session.server", "../app/components/accounts/card-provider", "../app/routes/login", "../mock-server/server", "~/components/ui/button"]) {
      expect(await restrictedImports(file, `import * as m from "${from}";\nexport const used = m;\n`), from).toEqual([expect.stringContaining("layer-machines")]);
    }
    const clean = [
      'import { setup } from "xstate";',
      'import { paymentMessages } from "../app/lib/messages/payment";',
      'import { endpoints } from "../contract/endpoints";',
      "export const used = [setup, paymentMessages, endpoints];",
    ].join("\n");
    expect(await restrictedImports(file, `${clean}\n`)).toEqual([]);
  });

  it("app/lib importing a machine, a component or server code fails (layer-lib), which keeps the payment cycle closed", async () => {
    const file = "app/lib/example.ts";
    for (const from of ["../../machines/payment.machine", "../components/accounts/card-provider", "../.server/config.server", "../routes/login"]) {
      expect(await restrictedImports(file, `import * as m from "${from}";\nexport const used = m;\n`), from).toEqual([expect.stringContaining("layer-lib")]);
    }
    expect(await restrictedImports(file, 'import { z } from "zod";\nimport { endpoints } from "../../contract/endpoints";\nimport { paymentMessages } from "./messages/payment";\nexport const used = [z, endpoints, paymentMessages];\n')).toEqual([]);
  });

  it("the modules issue 11 named are clean now", async () => {
    const results = await eslint.lintFiles([
      "app/areas/accounts/page.server.ts",
      "app/areas/accounts/card-provider.server.ts",
      "app/.server/sign-in.server.ts",
      "app/areas/accounts/payment-forms.ts",
      "machines/payment.machine.ts",
      "machines/login.machine.ts",
    ]);
    expect(results.flatMap((r) => r.messages.map((m) => `${r.filePath}: ${m.message}`))).toEqual([]);
  });
});
