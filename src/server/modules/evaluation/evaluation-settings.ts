import { eq } from "drizzle-orm";
import {
  DEFAULT_RUBRIC,
  type EvaluationSettings,
  MAINS_PAPERS,
  type MainsPaper,
  partMaximum,
  type RubricPart,
} from "../../../shared/evaluation.ts";
import type { DbOrTx } from "../../db/client.ts";
import { evaluationSettings } from "../../db/schema/evaluation.ts";

export type EvaluationConfig = EvaluationSettings & {
  rubrics: Record<MainsPaper, RubricPart[]>;
};

/** The one settings row (made by migration 0026), with every paper's rubric filled in. */
export async function getEvaluationSettings(db: DbOrTx): Promise<EvaluationConfig> {
  const [row] = await db.select().from(evaluationSettings).where(eq(evaluationSettings.id, 1));
  const rubrics = Object.fromEntries(
    MAINS_PAPERS.map((paper) => [paper, row?.rubrics[paper] ?? [...DEFAULT_RUBRIC]]),
  ) as Record<MainsPaper, RubricPart[]>;
  return {
    turnaroundHours: row?.turnaroundHours ?? 72,
    claimHours: row?.claimHours ?? 24,
    freeEvaluationsPerMonth: row?.freeEvaluationsPerMonth ?? 2,
    mentorsMayPublishQuestions: row?.mentorsMayPublishQuestions ?? false,
    rubrics,
  };
}

export async function updateEvaluationSettings(db: DbOrTx, input: EvaluationSettings) {
  await db
    .insert(evaluationSettings)
    .values({ id: 1, ...input, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: evaluationSettings.id,
      set: { ...input, updatedAt: new Date() },
    });
  return getEvaluationSettings(db);
}

export type SetRubricInput = {
  paper: MainsPaper;
  parts: RubricPart[];
};

/** Replaces one paper's rubric; copies already claimed keep the rubric they were claimed with. */
export async function setRubric(db: DbOrTx, { paper, parts }: SetRubricInput) {
  const current = await getEvaluationSettings(db);
  const rubrics = { ...current.rubrics, [paper]: parts };
  await db
    .insert(evaluationSettings)
    .values({ id: 1, rubrics, updatedAt: new Date() })
    .onConflictDoUpdate({ target: evaluationSettings.id, set: { rubrics, updatedAt: new Date() } });
  return getEvaluationSettings(db);
}

/** The rubric a copy is scored on: the paper's parts with each part's maximum for the question. */
export function rubricFor(parts: RubricPart[], questionMarks: number) {
  return parts.map((part) => ({ ...part, max: partMaximum(part.weight, questionMarks) }));
}
