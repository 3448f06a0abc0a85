import type { LivePhase } from "../../shared/live-tests.ts";

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * What the server says of a live test on every card and in the waiting room (its public view): a
 * 100-question, 120-minute All-India mock with 15 minutes of entry, opening at `opensAt`.
 */
export function liveTestView(
  opensAt: number,
  options: {
    examId?: string;
    title?: string;
    isFree?: boolean;
    phase?: LivePhase;
    registeredCount?: number;
  } = {},
) {
  return {
    examId: options.examId ?? "8a7e2c1e-0000-4000-8000-000000000031",
    title: options.title ?? "All-India Prelims Mock 1",
    description: null,
    isFree: options.isFree ?? true,
    questionCount: 100,
    durationMinutes: 120,
    entryMinutes: 15,
    passingMarks: 40,
    marksPerQuestion: 2,
    negativeMarkFraction: 1 / 3,
    opensAt: iso(opensAt),
    entryClosesAt: iso(opensAt + 15 * MINUTE),
    closesAt: iso(opensAt + 135 * MINUTE),
    resultsAt: iso(opensAt + 135 * MINUTE),
    registeredCount: options.registeredCount ?? 2431,
    publishedCount: null,
    phase: options.phase ?? ("upcoming" as LivePhase),
  };
}
