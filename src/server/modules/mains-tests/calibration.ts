import { eq } from "drizzle-orm";
import { MAINS_TEST_MESSAGES } from "../../../shared/mains-test-messages.ts";
import type { DbOrTx } from "../../db/client.ts";
import { mainsTests } from "../../db/schema/mains-tests.ts";
import { AppError } from "../../lib/app-error.ts";
import { byMentorName, mentorNames, testAgreement } from "./agreement.ts";
import { listModeration } from "./moderation.ts";
import { mentorTurnaround, testTurnaround } from "./turnaround.ts";

export type TestCalibrationInput = { testId: string; now: Date };

/**
 * A test's calibration page (decision 063): agreement overall and per mentor (flags and suggested
 * corrections), the corrections set, and turnaround. One row per mentor who marked in the test,
 * with their agreement, their correction if any, and their turnaround.
 */
export async function testCalibration(db: DbOrTx, { testId, now }: TestCalibrationInput) {
  const [[test], agreement, moderation, turnaround, mentorTimes] = await Promise.all([
    db
      .select({
        id: mainsTests.id,
        title: mainsTests.title,
        titleHi: mainsTests.titleHi,
        paper: mainsTests.paper,
        turnaroundHours: mainsTests.turnaroundHours,
        resultsPublishedAt: mainsTests.resultsPublishedAt,
      })
      .from(mainsTests)
      .where(eq(mainsTests.id, testId)),
    testAgreement(db, { testId }),
    listModeration(db, testId),
    testTurnaround(db, { testId, now }),
    mentorTurnaround(db, { testId }),
  ]);
  if (!test) throw new AppError("NOT_FOUND", MAINS_TEST_MESSAGES.notFound);
  const corrections = new Map(moderation.map((m) => [m.mentorId, m.correction]));
  const agreements = new Map(agreement.mentors.map((m) => [m.mentorId, m]));
  const ids = [...new Set([...mentorTimes.map((m) => m.mentorId), ...agreements.keys()])];
  const names = await mentorNames(db, ids);
  const mentors = ids
    .map((mentorId) => {
      const a = agreements.get(mentorId);
      return {
        mentorId,
        name: names.get(mentorId) ?? null,
        pairs: a?.pairs ?? 0,
        kappa: a?.kappa ?? null,
        meanDifferenceMarks: a?.meanDifferenceMarks ?? null,
        meanDifferenceBands: a?.meanDifferenceBands ?? null,
        flag: a?.flag ?? null,
        suggestedCorrection: a?.suggestedCorrection ?? null,
        correction: corrections.get(mentorId) ?? null,
      };
    })
    .sort(byMentorName);
  const times = mentorTimes
    .map((m) => ({
      mentorId: m.mentorId,
      name: names.get(m.mentorId) ?? null,
      markings: m.markings,
      p50Hours: m.p50Hours,
      p90Hours: m.p90Hours,
      late: m.late,
    }))
    .sort(byMentorName);
  return {
    test: {
      ...test,
      resultsPublishedAt: test.resultsPublishedAt?.toISOString() ?? null,
    },
    agreement: agreement.overall,
    mentors,
    moderation,
    turnaround: { test: turnaround, mentors: times },
  };
}
