import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleLinear } from "@visx/scale";
import { AreaClosed, LinePath } from "@visx/shape";

export interface AreaSeries {
  name: string;
  colour: string;
  /** Dashed lines tell a second series apart without its colour. */
  dashed?: boolean;
  points: ReadonlyArray<{ at: number; value: number }>;
}

const WIDTH = 640;
const HEIGHT = 260;
const MARGIN = { top: 20, right: 40, bottom: 44, left: 52 };
const MAX_TICKS = 4;

/**
 * Values by date as filled areas, oldest on the left (2§2 Vitals: "one area chart per vital"). Drawn
 * on the server (chart-drawing.server.tsx) like the dashboard's charts; the page carries the same
 * numbers as words and as a table.
 */
export function AreaChart({ series, dates }: { series: readonly AreaSeries[]; dates: ReadonlyArray<{ at: number; date: string }> }) {
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const all = series.flatMap((s) => s.points);
  const first = Math.min(...all.map((p) => p.at));
  const last = Math.max(...all.map((p) => p.at));
  const [x0, x1] = first === last ? [first - 43_200_000, last + 43_200_000] : [first, last];
  const values = all.map((p) => p.value);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const pad = low === high ? Math.max(1, Math.abs(low) * 0.1) : (high - low) * 0.2;
  const x = scaleLinear<number>({ domain: [x0, x1], range: [0, innerWidth] });
  // The area fills down to a little below the lowest value, so a small change still shows.
  const y = scaleLinear<number>({ domain: [Math.max(0, low - pad), high + pad], range: [innerHeight, 0], nice: true });
  const ticks = dates.length <= MAX_TICKS ? [...dates] : Array.from({ length: MAX_TICKS }, (_, i) => dates[Math.round((i * (dates.length - 1)) / (MAX_TICKS - 1))]);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" focusable="false">
      <Group left={MARGIN.left} top={MARGIN.top}>
        {series.map((s) => (
          <g key={s.name}>
            <AreaClosed data={[...s.points]} x={(p) => x(p.at)} y={(p) => y(p.value)} yScale={y} fill={s.colour} fillOpacity={0.18} />
            <LinePath data={[...s.points]} x={(p) => x(p.at)} y={(p) => y(p.value)} stroke={s.colour} strokeWidth={2.5} strokeDasharray={s.dashed ? "6 4" : undefined} />
            {s.points.map((p) => (
              <circle key={p.at} cx={x(p.at)} cy={y(p.value)} r={3.5} fill={s.colour} />
            ))}
          </g>
        ))}
        <AxisLeft scale={y} numTicks={5} stroke="#4c6272" tickStroke="#4c6272" tickLabelProps={{ fill: "#212b32", fontSize: 12 }} />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={ticks.map((t) => t.at)}
          tickFormat={(value) => ticks.find((t) => t.at === Number(value))?.date ?? ""}
          stroke="#4c6272"
          tickStroke="#4c6272"
          tickLabelProps={{ fill: "#212b32", fontSize: 12, textAnchor: "middle" }}
        />
      </Group>
    </svg>
  );
}
