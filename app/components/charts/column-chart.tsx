import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import type { Datum } from "./chart-figure";
import { NARROW, SVG_CLASS, textWidth, TwoSizes, WIDE } from "./chart-sizes";

const INK = "#212b32";
const AXIS = "#4c6272";

/**
 * Columns on a y axis of 0 to 50 (1§2 Dashboard); a larger value widens the axis rather than being
 * cut off. In a narrow box the columns lie on their side, each named above its bar with its number
 * at the bar's end, since four names under four columns cannot be written at a readable size in a
 * phone's width (decisions/284, spec-deviations).
 */
export function ColumnChart({ data }: { data: Datum[] }) {
  return <TwoSizes narrow={<Bars data={data} />} wide={<Columns data={data} />} />;
}

const scaleTop = (data: Datum[]) => Math.max(50, ...data.map((d) => d.value));

/** A name in lines no wider than `width`, at most two, breaking between words. */
function linesOf(text: string, width: number, fontSize: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const lastLine = lines.at(-1);
    if (lastLine !== undefined && (lines.length === 2 || textWidth(`${lastLine} ${word}`, fontSize) <= width)) lines[lines.length - 1] = `${lastLine} ${word}`;
    else lines.push(word);
  }
  return lines;
}

function Columns({ data }: { data: Datum[] }) {
  const { width, fontSize, yTicks } = WIDE;
  const margin = { top: 12, right: 16, bottom: 52, left: 44 };
  const height = 280;
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const x = scaleBand<string>({ domain: data.map((d) => d.label), range: [0, innerWidth], padding: 0.35 });
  const y = scaleLinear<number>({ domain: [0, scaleTop(data)], range: [innerHeight, 0], nice: true });
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className={SVG_CLASS.wide} focusable="false">
      <Group left={margin.left} top={margin.top}>
        {data.map((d) => {
          const barHeight = innerHeight - y(d.value);
          return <Bar key={d.label} x={x(d.label)} y={innerHeight - barHeight} width={x.bandwidth()} height={barHeight} fill={d.colour} />;
        })}
        <AxisLeft scale={y} numTicks={yTicks} stroke={AXIS} tickStroke={AXIS} tickLabelProps={{ fill: INK, fontSize }} />
        <AxisBottom
          top={innerHeight}
          scale={x}
          stroke={AXIS}
          tickStroke={AXIS}
          tickComponent={({ x: at, y: top, formattedValue }) => (
            <text x={at} y={top} fill={INK} fontSize={fontSize} textAnchor="middle">
              {linesOf(formattedValue ?? "", x.step() - 8, fontSize).map((line, i) => (
                <tspan key={line} x={at} dy={i === 0 ? fontSize * 0.6 : fontSize * 1.2}>
                  {line}
                </tspan>
              ))}
            </text>
          )}
        />
      </Group>
    </svg>
  );
}

function Bars({ data }: { data: Datum[] }) {
  const { width, fontSize } = NARROW;
  const margin = { top: 8, right: 16, bottom: 36, left: 12 };
  const row = fontSize + 4 + 16 + 12;
  const height = margin.top + data.length * row + margin.bottom;
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = data.length * row;
  const x = scaleLinear<number>({ domain: [0, scaleTop(data)], range: [0, innerWidth], nice: true });
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className={SVG_CLASS.narrow} focusable="false">
      <Group left={margin.left} top={margin.top}>
        {data.map((d, i) => {
          const top = i * row;
          const end = x(d.value);
          const number = String(d.value);
          // The number sits after the bar's end, or inside it, in white, when the bar reaches the edge.
          const inside = end + 6 + textWidth(number, fontSize) > innerWidth;
          return (
            <g key={d.label}>
              <text x={0} y={top + fontSize} fill={INK} fontSize={fontSize}>
                {d.label}
              </text>
              <Bar x={0} y={top + fontSize + 4} width={end} height={16} fill={d.colour} />
              <text x={inside ? end - 6 : end + 6} y={top + fontSize + 4 + 13} fill={inside ? "#ffffff" : INK} fontSize={fontSize} fontWeight={600} textAnchor={inside ? "end" : "start"}>
                {number}
              </text>
            </g>
          );
        })}
        <AxisBottom top={innerHeight} scale={x} numTicks={5} stroke={AXIS} tickStroke={AXIS} tickLabelProps={(_, index, all) => ({ fill: INK, fontSize, textAnchor: index === all.length - 1 ? "end" : "middle" })} />
      </Group>
    </svg>
  );
}
