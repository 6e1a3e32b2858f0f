import { z } from "zod";
import { ExtensionSchema, type Extension } from "./fhir";

/**
 * Positional FHIR extensions, described once per resource as a slot layout (DESIGN 2).
 * `extension[3].valueString` being the NHI is written here and nowhere else: the portal reads
 * through `layout.schema`, the mock writes through `layout.write`, so the two cannot disagree.
 */

type SlotKind = "valueString" | "valueBoolean" | "valueDateTime" | "valueDecimal";

interface SlotSpec<K extends SlotKind = SlotKind> {
  index: number;
  kind: K;
  url: string;
  optional?: boolean;
}

type SlotValue<K extends SlotKind> = K extends "valueBoolean" ? boolean : K extends "valueDecimal" ? number : string;

type SlotValues<L extends Record<string, SlotSpec>> = {
  [N in keyof L as L[N]["optional"] extends true ? never : N]: SlotValue<L[N]["kind"]>;
} & {
  [N in keyof L as L[N]["optional"] extends true ? N : never]?: SlotValue<L[N]["kind"]> | undefined;
};

export const slot = {
  string: (index: number, url: string) => ({ index, url, kind: "valueString" as const }),
  boolean: (index: number, url: string) => ({ index, url, kind: "valueBoolean" as const }),
  dateTime: (index: number, url: string) => ({ index, url, kind: "valueDateTime" as const }),
  decimal: (index: number, url: string) => ({ index, url, kind: "valueDecimal" as const }),
};

export function optional<S extends SlotSpec>(spec: S): S & { optional: true } {
  return { ...spec, optional: true };
}

export interface SlotLayout<L extends Record<string, SlotSpec>> {
  slots: L;
  /** Reads the wire extension array into named values (used in the portal's parsing). */
  read(extensions: readonly Extension[] | null | undefined): SlotValues<L>;
  /** Writes named values into a wire extension array in slot order (used by the mock). */
  write(values: SlotValues<L>): Extension[];
  /** zod schema: wire extension array in, named values out. */
  schema: z.ZodType<SlotValues<L>, Extension[] | null | undefined>;
}

export function defineSlots<const L extends Record<string, SlotSpec>>(slots: L): SlotLayout<L> {
  const specs = Object.entries(slots).sort(([, a], [, b]) => a.index - b.index);
  const length = specs.length === 0 ? 0 : specs[specs.length - 1][1].index + 1;
  const indexes = new Set(specs.map(([, s]) => s.index));
  if (indexes.size !== specs.length) throw new Error("Two slots of one layout share a position");

  function problems(extensions: readonly Extension[] | null | undefined): string[] {
    const found: string[] = [];
    for (const [name, spec] of specs) {
      const value = extensions?.[spec.index]?.[spec.kind];
      if (value === undefined || value === null) {
        if (!spec.optional) found.push(`extension[${spec.index}].${spec.kind} (${name}) is missing`);
        continue;
      }
      const expected = spec.kind === "valueBoolean" ? "boolean" : spec.kind === "valueDecimal" ? "number" : "string";
      if (typeof value !== expected) found.push(`extension[${spec.index}].${spec.kind} (${name}) is not a ${expected}`);
    }
    return found;
  }

  function read(extensions: readonly Extension[] | null | undefined): SlotValues<L> {
    const found = problems(extensions);
    if (found.length > 0) throw new Error(found.join("; "));
    const values: Record<string, unknown> = {};
    for (const [name, spec] of specs) {
      const value = extensions?.[spec.index]?.[spec.kind];
      values[name] = value === null ? undefined : value;
    }
    return values as SlotValues<L>;
  }

  function write(values: SlotValues<L>): Extension[] {
    const out: Extension[] = Array.from({ length }, () => ({}));
    for (const [name, spec] of specs) {
      const value = (values as Record<string, unknown>)[name];
      out[spec.index] = value === undefined ? { url: spec.url } : { url: spec.url, [spec.kind]: value };
    }
    return out;
  }

  const schema = z
    .array(ExtensionSchema)
    .nullable()
    .optional()
    .superRefine((extensions, ctx) => {
      for (const message of problems(extensions)) ctx.addIssue({ code: "custom", message });
    })
    .transform((extensions) => read(extensions)) as unknown as SlotLayout<L>["schema"];

  return { slots, read, write, schema };
}
