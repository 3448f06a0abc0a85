import { i18n } from "@web/lib/i18n.ts";
import { BOOKLET_MESSAGES } from "../../../../shared/mains-test-schemas.ts";

/**
 * A Mains booklet's rules on the device (decision 063), as the server holds them: when writing
 * ends (the deadline less the upload grace), and the sections' choice rule.
 */

/** Writing ends `graceMinutes` before the deadline, which includes the upload grace. */
export function writingEndsAt(deadlineIso: string, graceMinutes: number): string {
  return new Date(new Date(deadlineIso).getTime() - graceMinutes * 60_000).toISOString();
}

export type SectionTally = {
  section: number;
  questions: number;
  answered: number;
  choose: number | null;
};

/** Each section's questions and answers, with the number to answer (null: any). */
export function sectionTallies(
  paper: readonly { section: number; answered: boolean }[],
  choose: readonly number[] | null,
): SectionTally[] {
  const sections = [...new Set(paper.map((q) => q.section))].sort((a, b) => a - b);
  return sections.map((section) => {
    const inSection = paper.filter((q) => q.section === section);
    return {
      section,
      questions: inSection.length,
      answered: inSection.filter((q) => q.answered).length,
      choose: choose ? (choose[section - 1] ?? null) : null,
    };
  });
}

/** The first section that breaks the rule, as the server words it; null when it holds. */
export function choiceMessage(tallies: readonly SectionTally[]): string | null {
  const broken = tallies.find((s) => s.choose !== null && s.answered > s.choose);
  if (!broken || broken.choose === null) return null;
  return broken.choose === 1
    ? i18n.t(BOOKLET_MESSAGES.chooseExactlyOne, { section: broken.section })
    : i18n.t(BOOKLET_MESSAGES.chooseExactly, { number: broken.choose, section: broken.section });
}
