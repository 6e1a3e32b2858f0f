import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleLinear } from "@visx/scale";
import { LinePath } from "@visx/shape";

export interface LinePoint {
  /** Epoch milliseconds. */
  at: number;
  value: number;
  /** The x axis label for this point (DD-MM-YYYY, formatted by the server). */
  date: string;
  /** The value as written, labelled beside its point. */
  label: string;
}

const WIDTH = 640;
const HEIGHT = 280;
const MARGIN = { top: 28, right: 44, bottom: 44, left: 52 };
/** More labels than this would overlap: then only the first, last, lowest and highest are written. */
const ALL_LABELS_UP_TO = 12;
const MAX_TICKS = 5;

/** Up to `count` points spread evenly from the first to the last. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.round((i * (items.length - 1)) / (count - 1))]);
}

/**
 * Values by date, oldest on the left, each point's value written beside it (house style of
 * components/charts: brand colours, 12 px labels, drawn for sighted users; ChartFigure-style tables
 * carry the same numbers for screen readers).
 */
export function LineChart({ points, colour = "#005eb8" }: { points: readonly LinePoint[]; colour?: string }) {
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const first = points[0]?.at ?? 0;
  const last = points.at(-1)?.at ?? 1;
  // A single point (or several on one day) sits in the middle of a one-day span.
  const [x0, x1] = first === last ? [first - 43_200_000, last + 43_200_000] : [first, last];
  const values = points.map((p) => p.value);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const pad = low === high ? Math.max(1, Math.abs(low) * 0.1) : (high - low) * 0.15;
  const x = scaleLinear<number>({ domain: [x0, x1], range: [0, innerWidth] });
  const y = scaleLinear<number>({ domain: [low - pad, high + pad], range: [innerHeight, 0], nice: true });
  const ticks = spread(points, MAX_TICKS);
  const labelled = new Set(
    points.length <= ALL_LABELS_UP_TO ? points : [points[0], points.at(-1), points.find((p) => p.value === low), points.find((p) => p.value === high)],
  );
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" focusable="false">
      <Group left={MARGIN.left} top={MARGIN.top}>
        <AxisLeft scale={y} numTicks={5} stroke="#4c6272" tickStroke="#4c6272" tickLabelProps={{ fill: "#212b32", fontSize: 12 }} />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={ticks.map((p) => p.at)}
          tickFormat={(value) => ticks.find((p) => p.at === Number(value))?.date ?? ""}
          stroke="#4c6272"
          tickStroke="#4c6272"
          tickLabelProps={{ fill: "#212b32", fontSize: 12, textAnchor: "middle" }}
        />
        <LinePath data={[...points]} x={(p) => x(p.at)} y={(p) => y(p.value)} stroke={colour} strokeWidth={2} />
        {points.map((p, i) => (
          <g key={`${p.at}-${i}`}>
            <circle cx={x(p.at)} cy={y(p.value)} r={4} fill={colour} />
            {labelled.has(p) ? (
              <text x={x(p.at)} y={y(p.value) - 10} fontSize={12} fontWeight={600} fill="#212b32" textAnchor="middle">
                {p.label}
              </text>
            ) : null}
          </g>
        ))}
      </Group>
    </svg>
  );
}
