import { lazy } from "react";

/**
 * The charts as lazy components: recharts (about 113 kB gzip, decision 037) is fetched only when
 * a chart is first drawn, so a phone that starts on the tables never downloads it. ChartFigure
 * holds the Suspense boundary.
 */
const charts = () => import("./charts.tsx");

export const AccuracyBarChart = lazy(async () => ({ default: (await charts()).AccuracyBarChart }));
export const TimePerQuestionChart = lazy(async () => ({
  default: (await charts()).TimePerQuestionChart,
}));
export const ScoreTrendChart = lazy(async () => ({ default: (await charts()).ScoreTrendChart }));
export const AnswersPerDayChart = lazy(async () => ({
  default: (await charts()).AnswersPerDayChart,
}));
