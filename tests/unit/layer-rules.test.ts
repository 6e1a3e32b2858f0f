import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The layer rules (eslint-layers.js, wired in eslint.config.js), run through ESLint's Node API on
 * snippets placed (virtually) where they would live: each rule must report its own violation and stay
 * quiet on a clean import. The rules read folder roles and file suffixes, so each is shown at two
 * depths where depth could matter.
 */
const cwd = fileURLToPath(new URL("../..", import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd });
});

const LAYER_RULES = new Set(["no-restricted-imports", "layers/import-direction"]);

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId !== null && LAYER_RULES.has(m.ruleId)).map((m) => m.message);
}

/** One import of everything `from` exports, used, so that only the layer rules can speak. */
const importing = (from: string) => `import * as m from "${from}";\nexport const used = m;\n`;

describe("layer rules", () => {
  it("a component importing a route module's code fails (layer-routes); its types (a loader's, for useFetcher) pass", async () => {
    const file = "app/areas/accounts/components/example-widget.tsx";
    expect(await restrictedImports(file, 'import type { Route } from "../+types/page.route";\nimport { loader } from "../page.route";\nexport type Props = Route.ComponentProps;\nexport const load = loader;\n')).toEqual([
      expect.stringContaining("layer-routes"),
    ]);
    expect(await restrictedImports("app/components/ui/example-widget.tsx", importing("../../shell/not-found.route"))).toEqual([expect.stringContaining("layer-routes")]);
    expect(await restrictedImports(file, 'import type { loader } from "../page.route";\nimport { type action } from "../pay.route";\nexport type Replies = [typeof loader, typeof action];\n')).toEqual([]);
    expect(await restrictedImports(file, 'import { type loader, action } from "../page.route";\nexport const parts: [typeof loader?, typeof action?] = [];\n')).toEqual([expect.stringContaining("layer-routes")]);
    expect(await restrictedImports(file, 'import type { InvoiceTableRow } from "../../../lib/accounts-view";\nimport { Button } from "../../../components/ui/button";\nexport const parts: [typeof Button, InvoiceTableRow?] = [Button];\n')).toEqual([]);
  });

  it("a .server module importing a component fails (layer-components), .server.tsx included, at any depth", async () => {
    const violation = importing("../components/ui/button");
    expect(await restrictedImports("app/.server/example-page.server.ts", violation)).toEqual([expect.stringContaining("layer-components")]);
    expect(await restrictedImports("app/areas/accounts/page.server.ts", importing("./components/invoice-table"))).toEqual([expect.stringContaining("layer-components")]);
    expect(await restrictedImports("app/areas/health/vitals/chart.server.tsx", importing("./components/vital-figure"))).toEqual([expect.stringContaining("layer-components")]);
    expect(await restrictedImports("app/.server/example-page.server.ts", importing("../lib/accounts-view"))).toEqual([]);
    // A components folder's own server renderer draws its siblings to markup.
    expect(await restrictedImports("app/components/charts/example.server.tsx", importing("./area-chart"))).toEqual([]);
  });

  it("an area importing another area fails (layer-areas), from the area's top or from deep inside it", async () => {
    expect(await restrictedImports("app/areas/messaging/page.route.tsx", importing("../appointments/components/appointment-card"))).toEqual([expect.stringContaining("layer-areas")]);
    expect(await restrictedImports("app/areas/health/timeline/components/example.tsx", importing("../../../letters/texts"))).toEqual([expect.stringContaining("layer-areas")]);
    expect(await restrictedImports("app/areas/messaging/page.server.ts", importing("~/areas/profile/page.server"))).toEqual([expect.stringContaining("layer-areas")]);
    // Its own files (its machines among them), shared folders and contract/ are what an area builds on.
    expect(await restrictedImports("app/areas/health/timeline/components/example.tsx", importing("../../texts"))).toEqual([]);
    for (const from of ["./view", "../../lib/dates", "../../components/ui/button", "@contract/messaging", "~/areas/messaging/messaging.machine"]) {
      expect(await restrictedImports("app/areas/messaging/page.route.tsx", importing(from)), from).toEqual([]);
    }
  });

  it("a shared folder importing an area fails (layer-shared)", async () => {
    expect(await restrictedImports("app/components/ui/example.tsx", importing("../../areas/messaging/components/message-list"))).toEqual([expect.stringContaining("layer-shared")]);
    expect(await restrictedImports("app/.server/example.server.ts", importing("../areas/letters/page.server"))).toEqual([expect.stringContaining("layer-shared")]);
    expect(await restrictedImports("app/root.tsx", importing("./areas/messaging/view"))).toEqual([expect.stringContaining("layer-shared")]);
    expect(await restrictedImports("app/components/ui/example.tsx", importing("./button"))).toEqual([]);
  });

  it("a browser module importing a .server module fails (layer-server-only); route modules and server code may", async () => {
    expect(await restrictedImports("app/areas/messaging/components/example.tsx", importing("../page.server"))).toEqual([expect.stringContaining("layer-server-only")]);
    expect(await restrictedImports("app/areas/messaging/view.ts", importing("../../.server/session.server"))).toEqual([expect.stringContaining("layer-server-only")]);
    expect(await restrictedImports("app/components/ui/example.tsx", importing("../charts/chart-drawing.server"))).toEqual([expect.stringContaining("layer-server-only")]);
    expect(await restrictedImports("app/areas/messaging/page.route.tsx", importing("./page.server"))).toEqual([]);
    expect(await restrictedImports("app/areas/messaging/page.server.ts", importing("../../.server/session.server"))).toEqual([]);
  });

  it("a route module importing a practice call fails (layer-practice), shared or its area's own; its page server may", async () => {
    expect(await restrictedImports("app/areas/dashboard/page.route.tsx", importing("../../.server/practice/patient.server"))).toEqual([expect.stringContaining("layer-practice")]);
    expect(await restrictedImports("app/areas/sign-in/login-help.route.ts", importing("~/.server/practice/auth.server"))).toEqual([expect.stringContaining("layer-practice")]);
    expect(await restrictedImports("app/shell/layout.route.tsx", importing("../.server/practice/errors.server"))).toEqual([expect.stringContaining("layer-practice")]);
    expect(await restrictedImports("app/areas/messaging/page.route.tsx", importing("./practice.server"))).toEqual([expect.stringContaining("layer-practice")]);
    expect(await restrictedImports("app/areas/health/vitals/page.route.tsx", importing("../practice.server"))).toEqual([expect.stringContaining("layer-practice")]);
    // The route composes its page server, which holds the calls; other server modules stay open to it.
    expect(await restrictedImports("app/areas/dashboard/page.route.tsx", importing("./page.server"))).toEqual([]);
    expect(await restrictedImports("app/areas/sign-in/logout.route.tsx", importing("../../.server/session.server"))).toEqual([]);
    expect(await restrictedImports("app/areas/dashboard/page.server.ts", importing("../../.server/practice/patient.server"))).toEqual([]);
    expect(await restrictedImports("app/areas/messaging/page.server.ts", importing("./practice.server"))).toEqual([]);
    expect(await restrictedImports("app/shell/layout.server.ts", importing("../.server/practice/errors.server"))).toEqual([]);
  });

  it("a machine importing anything but its own area's isomorphic modules, app/lib, contract/ and packages fails (layer-machines)", async () => {
    // A flow's machine is its area's <flow>.machine.ts (decisions/398), at any depth inside the area.
    for (const file of ["app/areas/messaging/example.machine.ts", "app/areas/health/timeline/example.machine.ts"]) {
      const violations = [
        "~/.server/session.server",
        "~/areas/messaging/page.server",
        "~/areas/messaging/page.route",
        "~/areas/messaging/components/message-list",
        "~/areas/messaging/use-messaging-machine",
        "~/areas/accounts/view",
        "~/areas/accounts/payment.machine",
        "~/components/ui/button",
        "~/shell/layout.route",
        "react",
        "@xstate/react",
      ];
      for (const from of violations) {
        expect(await restrictedImports(file, importing(from)), `${file}: ${from}`).toEqual([expect.stringContaining("layer-machines")]);
      }
      expect(await restrictedImports(file, importing("~/../mock-server/server"))).toContainEqual(expect.stringContaining("layer-machines"));
    }
    expect(await restrictedImports("app/areas/messaging/example.machine.ts", importing("../../.server/session.server"))).toEqual([expect.stringContaining("layer-machines")]);
    expect(await restrictedImports("app/areas/health/timeline/example.machine.ts", importing("../../letters/texts"))).toEqual([expect.stringContaining("layer-machines")]);
    const clean = [
      'import { setup } from "xstate";',
      'import { messagingTexts } from "./texts";',
      'import { draftOf } from "~/areas/messaging/compose";',
      'import { other } from "./other.machine";',
      'import { stepClient } from "~/lib/step-errors";',
      'import { endpoints } from "@contract/endpoints";',
      'import { unprovided } from "~/lib/unprovided";',
      'import { newAttemptKey } from "../../lib/attempt-key";',
      "export const used = [setup, messagingTexts, draftOf, other, stepClient, endpoints, unprovided, newAttemptKey];",
    ].join("\n");
    expect(await restrictedImports("app/areas/messaging/example.machine.ts", `${clean}\n`)).toEqual([]);
    expect(await restrictedImports("app/areas/health/timeline/example.machine.ts", importing("../texts"))).toEqual([]);
    // The helpers several machines share are app/lib's: they import no area's modules.
    expect(await restrictedImports("app/lib/example.ts", importing("~/areas/messaging/view"))).toEqual([expect.stringContaining("layer-lib")]);
  });

  it("an area importing another area's machine fails (layer-areas); a shared folder importing any fails (layer-shared)", async () => {
    expect(await restrictedImports("app/areas/accounts/components/payment-panel.tsx", importing("~/areas/messaging/messaging.machine"))).toEqual([expect.stringContaining("layer-areas")]);
    expect(await restrictedImports("app/areas/accounts/components/payment-panel.tsx", importing("~/areas/accounts/payment.machine"))).toEqual([]);
    expect(await restrictedImports("app/shell/components/example.tsx", importing("~/areas/messaging/messaging.machine"))).toEqual([expect.stringContaining("layer-shared")]);
  });

  it("app/lib importing a machine, a component, server code or an area fails (layer-lib), at any depth, which keeps the payment cycle closed", async () => {
    const file = "app/lib/example.ts";
    for (const from of ["~/areas/accounts/payment.machine", "../components/ui/button", "../.server/config.server", "../shell/layout.route", "../areas/messaging/view", "~/components/ui/button"]) {
      expect(await restrictedImports(file, importing(from)), from).toEqual([expect.stringContaining("layer-lib")]);
    }
    expect(await restrictedImports("app/lib/texts/example.ts", importing("../../components/ui/button"))).toEqual([expect.stringContaining("layer-lib")]);
    expect(await restrictedImports(file, 'import { z } from "zod";\nimport { endpoints } from "@contract/endpoints";\nimport { errorsTexts } from "./texts/errors";\nexport const used = [z, endpoints, errorsTexts];\n')).toEqual([]);
    expect(await restrictedImports("app/lib/texts/example.ts", importing("../../../contract/endpoints"))).toEqual([]);
  });

  it("the portal never imports the mock server", async () => {
    expect(await restrictedImports("app/areas/messaging/page.server.ts", importing("../../../mock-server/server"))).toEqual([expect.stringContaining("never imports the mock server")]);
  });
});
