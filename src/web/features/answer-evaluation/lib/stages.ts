import { formatNumber } from "@web/lib/format.ts";
import { i18n } from "@web/lib/i18n.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

/** Where a copy stands for its student (the server's `stage`). */
export type CopyStage = "draft" | "submitted" | "in_evaluation" | "evaluated";

export const STAGE_LABELS: Record<CopyStage, string> = {
  draft: msg("Draft"),
  submitted: msg("Submitted"),
  in_evaluation: msg("In evaluation"),
  evaluated: msg("Evaluated"),
};

/**
 * A question's `myCopy.status` (the stored status) as a stage: a claimed copy is being
 * evaluated (the answer page, which knows whether the claim still holds, may say otherwise).
 */
export function stageOfStatus(status: string): CopyStage {
  if (status === "claimed") return "in_evaluation";
  return status === "submitted" || status === "evaluated" ? status : "draft";
}

/** "8 / 10", "7.5 / 15". */
export function marksOutOf(marks: number, outOf: number): string {
  return i18n.t("{{marks}} / {{outOf}}", {
    marks: formatNumber(marks),
    outOf: formatNumber(outOf),
  });
}
