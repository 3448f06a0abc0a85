import { useQueryClient } from "@tanstack/react-query";
import { LanguageChoice } from "@web/components/language/language-choice.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { ErrorState } from "@web/components/ui/states.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { notify } from "@web/lib/toast.ts";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { type OnboardingState, targetYearChoices } from "../../../../shared/onboarding.ts";
import { useOnboarding, useOnboardingSteps } from "../api/onboarding.ts";
import { GoalStep } from "../components/goal-step.tsx";
import { TargetStep } from "../components/target-step.tsx";

const DASHBOARD = "/student/dashboard";
const STEP_TITLES = ["Your target exam", "Language", "Your daily goal"] as const;

/**
 * A new student's three questions: the target exam and year, the interface
 * language, the daily study goal. Each step saves as the student moves on; the end (or "Skip for
 * now") leads to the dashboard.
 */
function OnboardingSteps({ state }: { state: OnboardingState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const steps = useOnboardingSteps();
  const [step, setStep] = useState(0);
  const moved = useRef(false);
  // A new step (its heading is keyed by step) takes the focus, so a screen reader starts there;
  // the first one leaves it where the page put it.
  const focusStep = useCallback((node: HTMLHeadingElement | null) => {
    if (!node) return;
    if (moved.current) node.focus();
    moved.current = true;
  }, []);

  const fail = (error: unknown) => notify.error(t("Not Saved"), errorMessage(error));
  const skip = async () => {
    try {
      await steps.skip.mutateAsync();
    } catch {
      // Skipping only stops the offer at the next sign-in: the dashboard opens either way.
    }
    navigate(DASHBOARD, { replace: true });
  };
  const skipButton = (
    <Button type="button" variant="ghost" onClick={() => void skip()}>
      {t("Skip for now")}
    </Button>
  );
  const backButton = (
    <Button type="button" variant="outline" onClick={() => setStep((s) => s - 1)}>
      {t("Back")}
    </Button>
  );
  const [nextYear = 0] = targetYearChoices().slice(1);

  return (
    <div className="mx-auto grid max-w-lg gap-5 px-4 py-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">{t("Set up your preparation")}</h1>
        <p className="text-muted-foreground">{t("Three quick questions, then your dashboard.")}</p>
      </div>
      <Card className="grid gap-4 p-5 sm:p-6">
        <div className="grid gap-1">
          <p className="text-sm font-medium text-muted-foreground">
            {t("Step {{step}} of {{total}}", { step: step + 1, total: STEP_TITLES.length })}
          </p>
          <h2
            key={step}
            ref={focusStep}
            tabIndex={-1}
            className="text-xl font-semibold outline-none"
          >
            {t(STEP_TITLES[step] ?? STEP_TITLES[0])}
          </h2>
        </div>
        {step === 0 ? (
          <TargetStep
            initial={{
              exam: state.targetExam ?? "upsc_cse",
              year: state.targetYear ?? nextYear,
            }}
            secondary={skipButton}
            onSave={async (input) => {
              try {
                await steps.saveTarget.mutateAsync(input);
                setStep(1);
              } catch (error) {
                fail(error);
              }
            }}
          />
        ) : step === 1 ? (
          <div className="grid gap-4">
            {/* Switches the interface at once and remembers it for the student. */}
            <LanguageChoice bare />
            <div className="flex flex-wrap items-center justify-between gap-2">
              {backButton}
              <Button type="button" onClick={() => setStep(2)}>
                {t("Next")}
              </Button>
            </div>
          </div>
        ) : (
          <GoalStep
            initialHours={state.dailyGoalHours}
            secondary={backButton}
            onSave={async (hours) => {
              try {
                await steps.saveGoal.mutateAsync(hours);
                await steps.complete.mutateAsync();
              } catch (error) {
                fail(error);
                return;
              }
              await queryClient.invalidateQueries({ queryKey: queryKeys.home.all });
              notify.success(t("You're all set!"), t("Your dashboard is ready."));
              navigate(DASHBOARD, { replace: true });
            }}
          />
        )}
      </Card>
    </div>
  );
}

export function WelcomePage() {
  const { t } = useTranslation();
  const onboarding = useOnboarding();
  return (
    <QueryContent
      query={onboarding}
      loadingLabel={t("Loading...")}
      error={(error, retry) => (
        <div className="mx-auto max-w-lg px-4 py-6">
          <ErrorState
            title={t("Could not load your onboarding.")}
            message={errorMessage(error)}
            onRetry={retry}
            retryLabel={t("Try Again")}
          />
        </div>
      )}
    >
      {(data) => <OnboardingSteps state={data} />}
    </QueryContent>
  );
}
