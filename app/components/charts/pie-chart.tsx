import { Group } from "@visx/group";
import { Pie } from "@visx/shape";
import type { Datum } from "./chart-figure";

const SIZE = 240;

export function PieChart({ data }: { data: Datum[] }) {
  const radius = SIZE / 2 - 4;
  return (
    <svg viewBox={`0 0 ${SIZE} ${SIZE}`} className="h-auto w-full max-w-[240px]" focusable="false">
      <Group top={SIZE / 2} left={SIZE / 2}>
        <Pie data={data.filter((d) => d.value > 0)} pieValue={(d) => d.value} outerRadius={radius} innerRadius={radius * 0.45} padAngle={0.01}>
          {(pie) =>
            pie.arcs.map((arc) => (
              <path key={arc.data.label} d={pie.path(arc) ?? undefined} fill={arc.data.colour} stroke="white" strokeWidth={2} />
            ))
          }
        </Pie>
      </Group>
    </svg>
  );
}
