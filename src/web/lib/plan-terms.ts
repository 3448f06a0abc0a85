import { useTranslation } from "react-i18next";

type PlanTerms = {
  durationDays: number;
  /** null: unlimited (the plan's own fields, decision 028). */
  examLimit: number | null;
  attemptLimitPerExam: number | null;
  /** Practice tests per month; absent or null: unlimited. */
  practiceLimit?: number | null;
  /** Mains answers evaluated per plan period; absent or null: unlimited. */
  evaluationLimit?: number | null;
};

/**
 * A plan's enforced terms in words, from its own fields, as the entitlement rule applies them:
 * its duration, the premium exams and (counted apart) premium quizzes it opens, and the attempts
 * at each, the practice tests a month and the answer evaluations a period. The plans page and the visitor's home page list these before the admin's features.
 */
export function usePlanTerms() {
  const { t } = useTranslation();
  return (plan: PlanTerms): string[] => [
    plan.durationDays === 0
      ? t("Lifetime access")
      : plan.durationDays === 1
        ? t("1 day")
        : t("{{days}} days", { days: plan.durationDays }),
    plan.examLimit === null
      ? t("Unlimited premium exams and quizzes")
      : plan.examLimit === 1
        ? t("1 premium exam and 1 premium quiz")
        : t("Up to {{limit}} premium exams and {{limit}} premium quizzes", {
            limit: plan.examLimit,
          }),
    plan.attemptLimitPerExam === null
      ? t("Unlimited attempts at each")
      : plan.attemptLimitPerExam === 1
        ? t("1 attempt at each")
        : t("{{attempts}} attempts at each", { attempts: plan.attemptLimitPerExam }),
    plan.practiceLimit === null || plan.practiceLimit === undefined
      ? t("Unlimited practice tests")
      : t("{{n}} practice tests a month", { n: plan.practiceLimit }),
    plan.evaluationLimit === null || plan.evaluationLimit === undefined
      ? t("Unlimited answer evaluations")
      : plan.evaluationLimit === 1
        ? t("1 answer evaluation")
        : t("{{n}} answer evaluations", { n: plan.evaluationLimit }),
  ];
}
