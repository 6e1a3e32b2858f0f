import { useSentDrawing } from "~/lib/sent-drawing";
import { chartTexts } from "~/lib/texts/charts";

export interface Datum {
  label: string;
  value: number;
  colour: string;
  /** Said in place of the value where the practice did not send it ("Not recorded", issue 68); drawn as 0. */
  shown?: string;
}

/**
 * A chart with its text alternative: the drawing is hidden from screen readers and a table with the
 * same numbers stands in for it, so every figure can be read, copied and compared. The drawing is SVG
 * markup made on the server (chart-drawing.server.tsx), escaped there by React like any other render,
 * and sent once (app/lib/sent-drawing.ts): null in a document's data, whose HTML holds it.
 */
export function ChartFigure({ title, data, summary, name, drawing }: { title: string; data: Datum[]; summary?: string; name: string; drawing: string | null }) {
  const sent = useSentDrawing(name, drawing);
  return (
    <figure className="flex flex-col gap-3 rounded bg-white p-4 shadow-sm">
      <figcaption className="text-xl font-bold">{title}</figcaption>
      <div id={sent.id} aria-hidden="true" dangerouslySetInnerHTML={{ __html: sent.html }} />
      {summary ? <p className="text-muted">{summary}</p> : null}
      <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-hidden="true">
        {data.map((d) => (
          <li key={d.label} className="flex items-center gap-2">
            <span className="inline-block size-4 rounded-sm" style={{ background: d.colour }} />
            {d.label}: <span className="font-semibold">{d.shown ?? d.value}</span>
          </li>
        ))}
      </ul>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{chartTexts.category}</th>
            <th scope="col">{chartTexts.number}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.label}>
              <th scope="row">{d.label}</th>
              <td>{d.shown ?? d.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
