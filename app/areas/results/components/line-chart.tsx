import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleLinear } from "@visx/scale";
import { LinePath } from "@visx/shape";
import { anchorOf, dateTicks, NARROW, placeLabels, SVG_CLASS, textWidth, TwoSizes, WIDE, type Frame } from "~/components/charts/chart-sizes";

export interface LinePoint {
  /** Epoch milliseconds. */
  at: number;
  value: number;
  /** The x axis label for this point (DD-MM-YYYY, formatted by the server). */
  date: string;
  /** The value as written, labelled beside its point. */
  label: string;
}

/**
 * Values by date, oldest on the left, each point's value written above it where there is room
 * (house style of components/charts: brand colours, labels of 12 px or more at any width, drawn for
 * sighted users; ChartFigure-style tables carry the same numbers for screen readers). Drawn once for
 * a phone and once for a wide box (chart-sizes.tsx).
 */
export function LineChart({ points, colour = "#005eb8" }: { points: readonly LinePoint[]; colour?: string }) {
  return <TwoSizes narrow={<LineDrawing points={points} colour={colour} frame={NARROW} className={SVG_CLASS.narrow} />} wide={<LineDrawing points={points} colour={colour} frame={WIDE} className={SVG_CLASS.wide} />} />;
}

function LineDrawing({ points, colour, frame, className }: { points: readonly LinePoint[]; colour: string; frame: Frame; className: string }) {
  const { width, height, margin, fontSize } = frame;
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
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
  const ticks = dateTicks(points, (p) => x(p.at), frame, innerWidth);
  // The newest, the oldest, the highest and the lowest values first, then the others, each only
  // where it overlaps no label already written and stays inside the drawing.
  const wanted = [points.at(-1), points[0], points.find((p) => p.value === high), points.find((p) => p.value === low), ...[...points].reverse()].filter((p): p is LinePoint => p !== undefined);
  const offered = [...new Set(wanted)].map((p) => {
    const w = textWidth(p.label, fontSize);
    const cx = x(p.at);
    const baseline = y(p.value) - 10;
    return { point: p, box: { left: cx - w / 2, right: cx + w / 2, top: baseline - fontSize, bottom: baseline + 3 } };
  });
  const labelled = new Set(placeLabels(offered, { left: -6, right: innerWidth + margin.right, top: -margin.top, bottom: innerHeight }).map((l) => l.point));
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className={className} focusable="false">
      <Group left={margin.left} top={margin.top}>
        <AxisLeft scale={y} numTicks={frame.yTicks} stroke="#4c6272" tickStroke="#4c6272" tickLabelProps={{ fill: "#212b32", fontSize }} />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={ticks.map((p) => p.at)}
          tickFormat={(value) => ticks.find((p) => p.at === Number(value))?.date ?? ""}
          stroke="#4c6272"
          tickStroke="#4c6272"
          tickLabelProps={(_, index, all) => ({ fill: "#212b32", fontSize, textAnchor: first === last ? "middle" : anchorOf(index, all.length) })}
        />
        <LinePath data={[...points]} x={(p) => x(p.at)} y={(p) => y(p.value)} stroke={colour} strokeWidth={2} />
        {points.map((p, i) => (
          <g key={`${p.at}-${i}`}>
            <circle cx={x(p.at)} cy={y(p.value)} r={4} fill={colour} />
            {labelled.has(p) ? (
              <text x={x(p.at)} y={y(p.value) - 10} fontSize={fontSize} fontWeight={600} fill="#212b32" textAnchor="middle">
                {p.label}
              </text>
            ) : null}
          </g>
        ))}
      </Group>
    </svg>
  );
}
