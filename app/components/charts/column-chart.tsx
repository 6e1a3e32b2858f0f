import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import type { Datum } from "./chart-figure";

const WIDTH = 460;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 12, bottom: 40, left: 40 };

/** Columns on a y axis of 0 to 50 (1§2 Dashboard); a larger value widens the axis rather than being cut off. */
export function ColumnChart({ data }: { data: Datum[] }) {
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const max = Math.max(50, ...data.map((d) => d.value));
  const x = scaleBand<string>({ domain: data.map((d) => d.label), range: [0, innerWidth], padding: 0.35 });
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full max-w-[460px]" focusable="false">
      <Group left={MARGIN.left} top={MARGIN.top}>
        {data.map((d) => {
          const height = innerHeight - y(d.value);
          return <Bar key={d.label} x={x(d.label)} y={innerHeight - height} width={x.bandwidth()} height={height} fill={d.colour} />;
        })}
        <AxisLeft scale={y} numTicks={5} stroke="#4c6272" tickStroke="#4c6272" tickLabelProps={{ fill: "#212b32", fontSize: 12 }} />
        <AxisBottom top={innerHeight} scale={x} stroke="#4c6272" tickStroke="#4c6272" tickLabelProps={{ fill: "#212b32", fontSize: 11 }} />
      </Group>
    </svg>
  );
}
