import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleLinear } from "@visx/scale";
import { AreaClosed, LinePath } from "@visx/shape";
import { anchorOf, dateTicks, NARROW, SVG_CLASS, TwoSizes, WIDE, type Frame } from "./chart-sizes";

export interface AreaSeries {
  name: string;
  colour: string;
  /** Dashed lines tell a second series apart without its colour. */
  dashed?: boolean;
  points: ReadonlyArray<{ at: number; value: number }>;
}

type Dates = ReadonlyArray<{ at: number; date: string }>;

/**
 * Values by date as filled areas, oldest on the left (2§2 Vitals: "one area chart per vital"). Drawn
 * on the server (chart-drawing.server.tsx) like the dashboard's charts, once for a phone and once
 * for a wide box (chart-sizes.tsx); the page carries the same numbers as words and as a table.
 */
export function AreaChart({ series, dates }: { series: readonly AreaSeries[]; dates: Dates }) {
  return <TwoSizes narrow={<AreaDrawing series={series} dates={dates} frame={NARROW} className={SVG_CLASS.narrow} />} wide={<AreaDrawing series={series} dates={dates} frame={WIDE} className={SVG_CLASS.wide} />} />;
}

function AreaDrawing({ series, dates, frame, className }: { series: readonly AreaSeries[]; dates: Dates; frame: Frame; className: string }) {
  const { width, height, margin, fontSize } = frame;
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
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
  const ticks = dateTicks(dates, (d) => x(d.at), frame, innerWidth);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className={className} focusable="false">
      <Group left={margin.left} top={margin.top}>
        {series.map((s) => (
          <g key={s.name}>
            <AreaClosed data={[...s.points]} x={(p) => x(p.at)} y={(p) => y(p.value)} yScale={y} fill={s.colour} fillOpacity={0.18} />
            <LinePath data={[...s.points]} x={(p) => x(p.at)} y={(p) => y(p.value)} stroke={s.colour} strokeWidth={2.5} strokeDasharray={s.dashed ? "6 4" : undefined} />
            {s.points.map((p) => (
              <circle key={p.at} cx={x(p.at)} cy={y(p.value)} r={3.5} fill={s.colour} />
            ))}
          </g>
        ))}
        <AxisLeft scale={y} numTicks={frame.yTicks} stroke="#4c6272" tickStroke="#4c6272" tickLabelProps={{ fill: "#212b32", fontSize }} />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={ticks.map((t) => t.at)}
          tickFormat={(value) => ticks.find((t) => t.at === Number(value))?.date ?? ""}
          stroke="#4c6272"
          tickStroke="#4c6272"
          tickLabelProps={(_, index, all) => ({ fill: "#212b32", fontSize, textAnchor: first === last ? "middle" : anchorOf(index, all.length) })}
        />
      </Group>
    </svg>
  );
}
