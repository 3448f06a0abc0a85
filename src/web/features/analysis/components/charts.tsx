import { useTranslation } from "react-i18next";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { Outcome, ProgressPoint, QuestionTime } from "../../../../shared/analysis.ts";

/**
 * The analysis's charts, on recharts (decision 037). This file is reached only from the analysis
 * chunks (the result pages' Analysis part and My Progress), so the library never loads elsewhere.
 * Animations are off: the figures are the point, and they appear at once.
 */

export const OUTCOME_COLORS: Record<Outcome, string> = {
  correct: "var(--color-success)",
  wrong: "var(--color-destructive)",
  skipped: "var(--color-muted-foreground)",
  answered: "var(--color-primary)",
};
const PRIMARY = "var(--color-primary)";
const GRID = "var(--color-border)";
const AXIS = { fontSize: 12, fill: "var(--color-muted-foreground)" };

export function AccuracyBarChart(props: {
  rows: { name: string; accuracy: number | null; previous?: number | null }[];
  withPrevious?: boolean;
}) {
  const { t } = useTranslation();
  const data = props.rows.map((r) => ({
    name: r.name,
    accuracy: r.accuracy ?? 0,
    previous: r.previous ?? 0,
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        accessibilityLayer={false}
        data={data}
        layout="vertical"
        margin={{ left: 8, right: 24 }}
      >
        <CartesianGrid stroke={GRID} horizontal={false} />
        <XAxis type="number" domain={[0, 100]} unit="%" tick={AXIS} />
        <YAxis type="category" dataKey="name" width={110} tick={AXIS} />
        <Tooltip formatter={(value) => `${value}%`} />
        {props.withPrevious ? (
          <Bar
            dataKey="previous"
            name={t("Previous 30 days")}
            fill="var(--color-border)"
            maxBarSize={28}
            isAnimationActive={false}
          />
        ) : null}
        <Bar
          dataKey="accuracy"
          name={props.withPrevious ? t("Last 30 days") : t("Accuracy")}
          fill={PRIMARY}
          maxBarSize={28}
          isAnimationActive={false}
        />
        {props.withPrevious ? <Legend /> : null}
      </BarChart>
    </ResponsiveContainer>
  );
}

export function TimePerQuestionChart(props: { questions: QuestionTime[]; averageSeconds: number }) {
  const { t } = useTranslation();
  const data = props.questions.map((q) => ({
    name: `Q${q.number}`,
    seconds: q.seconds,
    outcome: q.outcome,
    mark: q.isSlow ? "!" : "",
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 16, right: 8, left: -16 }}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="name" tick={AXIS} interval="preserveStartEnd" />
        <YAxis unit="s" tick={AXIS} />
        <Tooltip formatter={(value) => t("{{seconds}} s", { seconds: value })} />
        <ReferenceLine y={props.averageSeconds} stroke={PRIMARY} strokeDasharray="4 4" />
        <Bar dataKey="seconds" name={t("Seconds")} isAnimationActive={false}>
          {data.map((d) => (
            <Cell key={d.name} fill={OUTCOME_COLORS[d.outcome]} />
          ))}
          <LabelList dataKey="mark" position="top" fill="var(--color-destructive)" />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

export function ScoreTrendChart(props: { points: ProgressPoint[] }) {
  const { t } = useTranslation();
  const data = props.points.map((p, i) => ({
    name: `${i + 1}`,
    score: p.scorePercent,
    title: p.title,
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 16, left: -16 }}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="name" tick={AXIS} />
        <YAxis unit="%" tick={AXIS} domain={["auto", 100]} />
        <Tooltip formatter={(value) => `${value}%`} />
        <Line
          type="monotone"
          dataKey="score"
          name={t("Score")}
          stroke={PRIMARY}
          strokeWidth={2}
          dot
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

export function AnswersPerDayChart(props: { days: { day: string; answered: number }[] }) {
  const { t } = useTranslation();
  const data = props.days.map((d) => ({ name: d.day.slice(5), answered: d.answered }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, left: -16 }}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="name" tick={AXIS} interval="preserveStartEnd" />
        <YAxis allowDecimals={false} tick={AXIS} />
        <Tooltip />
        <Bar
          dataKey="answered"
          name={t("Questions answered")}
          fill={PRIMARY}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
