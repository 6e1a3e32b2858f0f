import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { inlineWords, portalInlineWords } from "../../scripts/inline-words";

/** Every word a patient reads comes from a catalogue (issue 69, decisions/403): none is written inline in the portal's JSX. */
const repo = fileURLToPath(new URL("../..", import.meta.url));

describe("words written inline", () => {
  it("are found in text, in the attributes a person reads or hears, and in literals placed as children; marks and classes are not words", () => {
    const planted = `export const A = ({ n, t }) => (
      <section aria-label="Results" className="flex gap-2" data-kind="note">
        Hello there
        <img alt={t ? "A chart" : texts.chart} src="/x.png" />
        <span aria-hidden="true"> ▾ </span>
        {n === 1 ? "one result" : \`\${n} results\`}
        {texts.heading}
        <input placeholder="name@example.com" title={texts.title} type="email" />
      </section>
    );`;
    expect(inlineWords("planted.tsx", planted).map((word) => word.text)).toEqual(["Results", "Hello there", "A chart", "one result", "`${n} results`", "name@example.com"]);
  });

  it("the portal has none", () => {
    expect(portalInlineWords(repo)).toEqual([]);
  });
});
