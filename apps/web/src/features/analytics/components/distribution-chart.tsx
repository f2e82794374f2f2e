import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { GradeDistributionRow } from '@korrigo/domain';
import { gradeColours } from './grade-colours';

// Loaded on demand (recharts is large) by GradeDistribution. The drawing is one image to screen readers
// (role="img" with a summary around it, and the table view), so recharts' keyboard layer is off.

const axis = { fontSize: 12, fill: '#475569' };

export default function DistributionChart({ rows }: { rows: (GradeDistributionRow & { shown: string })[] }) {
  const data = rows.map((row) => ({
    label: row.shown,
    ...Object.fromEntries(row.counts.map((count, i) => [`g${i + 1}`, count])),
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        accessibilityLayer={false}
        data={data}
        layout="vertical"
        margin={{ top: 4, right: 16, bottom: 0, left: 4 }}
      >
        <CartesianGrid stroke="#e2e8f0" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={axis} tickLine={false} />
        <YAxis type="category" dataKey="label" tick={axis} tickLine={false} width={110} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {gradeColours.map((colour, i) => (
          <Bar key={i} name={`Note ${i + 1}`} dataKey={`g${i + 1}`} stackId="grades" fill={colour} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
