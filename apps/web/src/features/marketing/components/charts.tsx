import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  PolarAngleAxis,
  PolarGrid,
  PolarRadiusAxis,
  Radar,
  RadarChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  accuracyBySubject,
  learningEfficiency,
  modelComparison,
  skillRadar,
  teacherHours,
  type ChartKind,
} from '../content/chart-data';

// This module (and recharts with it) is loaded on demand by LazyChart only. The drawn charts are hidden from
// screen readers (LazyChart gives them a table), so recharts' keyboard layer is off: nothing focusable in there.

const primary = '#0f5f66';
const secondary = '#94a3b8';
const axis = { fontSize: 12, fill: '#475569' };
const percent = (value: unknown) => `${String(value).replace('.', ',')} %`;
const hours = (value: unknown) => `${String(value).replace('.', ',')} h`;

function SkillsChart() {
  return (
    <RadarChart accessibilityLayer={false} data={skillRadar} outerRadius="72%">
      <PolarGrid stroke="#e2e8f0" />
      <PolarAngleAxis dataKey="skill" tick={axis} />
      <PolarRadiusAxis domain={[0, 100]} tick={false} axisLine={false} />
      <Radar name="Vorher" dataKey="before" stroke={secondary} fill={secondary} fillOpacity={0.25} />
      <Radar name="Nach drei Monaten" dataKey="after" stroke={primary} fill={primary} fillOpacity={0.3} />
      <Legend wrapperStyle={{ fontSize: 13 }} />
      <Tooltip formatter={percent} />
    </RadarChart>
  );
}

function EfficiencyChart() {
  return (
    <LineChart
      accessibilityLayer={false}
      data={learningEfficiency}
      margin={{ top: 8, right: 16, bottom: 0, left: -8 }}
    >
      <CartesianGrid stroke="#e2e8f0" vertical={false} />
      <XAxis dataKey="month" tick={axis} tickLine={false} />
      <YAxis tick={axis} tickLine={false} axisLine={false} unit=" %" />
      <Tooltip formatter={percent} />
      <Legend wrapperStyle={{ fontSize: 13 }} />
      <Line name="Mit Korrigo" dataKey="withKorrigo" stroke={primary} strokeWidth={2.5} dot={false} />
      <Line name="Ohne Korrigo" dataKey="withoutKorrigo" stroke={secondary} strokeWidth={2} dot={false} />
    </LineChart>
  );
}

function AccuracyChart() {
  return (
    <BarChart
      accessibilityLayer={false}
      data={accuracyBySubject}
      margin={{ top: 8, right: 16, bottom: 0, left: -8 }}
    >
      <CartesianGrid stroke="#e2e8f0" vertical={false} />
      <XAxis dataKey="subject" tick={axis} tickLine={false} interval={0} />
      <YAxis domain={[80, 100]} tick={axis} tickLine={false} axisLine={false} unit=" %" />
      <Tooltip formatter={percent} />
      <Bar name="Übereinstimmung" dataKey="accuracy" fill={primary} radius={[4, 4, 0, 0]} />
    </BarChart>
  );
}

function HoursChart() {
  return (
    <BarChart
      accessibilityLayer={false}
      data={teacherHours}
      margin={{ top: 8, right: 16, bottom: 0, left: -8 }}
    >
      <CartesianGrid stroke="#e2e8f0" vertical={false} />
      <XAxis dataKey="task" tick={axis} tickLine={false} interval={0} />
      <YAxis tick={axis} tickLine={false} axisLine={false} unit=" h" />
      <Tooltip formatter={hours} />
      <Legend wrapperStyle={{ fontSize: 13 }} />
      <Bar name="Ohne Korrigo" dataKey="without" fill={secondary} radius={[4, 4, 0, 0]} />
      <Bar name="Mit Korrigo" dataKey="with" fill={primary} radius={[4, 4, 0, 0]} />
    </BarChart>
  );
}

function ModelsChart() {
  return (
    <BarChart
      accessibilityLayer={false}
      data={modelComparison}
      layout="vertical"
      margin={{ top: 8, right: 24, bottom: 0, left: 8 }}
    >
      <CartesianGrid stroke="#e2e8f0" horizontal={false} />
      <XAxis type="number" domain={[50, 100]} tick={axis} tickLine={false} unit=" %" />
      <YAxis type="category" dataKey="model" tick={axis} tickLine={false} width={150} />
      <Tooltip formatter={percent} />
      <Bar name="Übereinstimmung" dataKey="accuracy" fill={primary} radius={[0, 4, 4, 0]} />
    </BarChart>
  );
}

const charts: Record<ChartKind, () => React.JSX.Element> = {
  skills: SkillsChart,
  efficiency: EfficiencyChart,
  accuracy: AccuracyChart,
  hours: HoursChart,
  models: ModelsChart,
};

export default function Chart({ kind }: { kind: ChartKind }) {
  const Selected = charts[kind];
  return (
    <ResponsiveContainer width="100%" height="100%">
      <Selected />
    </ResponsiveContainer>
  );
}
