import { CheckboxField, TextareaField } from "@web/components/form/fields.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { Button } from "@web/components/ui/button.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDateTime } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { msg } from "../../../../shared/i18n/msg.ts";
import {
  REEVALUATION_REASON_MAX,
  type ReevaluationRequest,
  reevaluationRequestSchema,
} from "../../../../shared/mains-results-schemas.ts";
import { type MainsResult, useRequestReevaluation } from "../api/mains-result.ts";
import { marksOutOf } from "./result-question.tsx";

type Values = { picks: Record<string, boolean>; reasons: Record<string, string> };

const resolver = schemaResolver<Values, typeof reevaluationRequestSchema>(
  reevaluationRequestSchema,
  (values) => ({
    items: Object.entries(values.picks)
      .filter(([, picked]) => picked)
      .map(([testQuestionId]) => ({
        testQuestionId,
        reason: values.reasons[testQuestionId] ?? "",
      })),
  }),
);

function AskForm({ testId, result }: { testId: string; result: MainsResult }) {
  const { t } = useTranslation();
  const ask = useRequestReevaluation(testId);
  const answered = result.questions.filter((q) => q.answered);
  const form = useForm<Values, unknown, ReevaluationRequest>({
    resolver,
    defaultValues: {
      picks: Object.fromEntries(answered.map((q) => [q.testQuestionId, false])),
      reasons: Object.fromEntries(answered.map((q) => [q.testQuestionId, ""])),
    },
  });
  const picks = useWatch({ control: form.control, name: "picks" });
  const refusal = (form.formState.errors as { items?: { message?: string } }).items?.message;
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await ask.mutateAsync(input);
      notify.success(t("Re-evaluation asked"));
    } catch {
      // Shown under the form.
    }
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} className="grid gap-4" noValidate>
        <fieldset className="grid gap-3">
          <legend className="mb-1 font-medium">{t("Questions to mark again")}</legend>
          {answered.map((q) => (
            <div key={q.testQuestionId} className="grid gap-2 rounded-md border border-border p-3">
              <CheckboxField
                name={`picks.${q.testQuestionId}`}
                label={t("Question {{number}}: {{marks}}", {
                  number: q.position,
                  marks: marksOutOf(q.marks ?? 0, q.maxMarks),
                })}
              />
              {picks?.[q.testQuestionId] ? (
                <TextareaField
                  name={`reasons.${q.testQuestionId}`}
                  label={t("Why should question {{number}} be marked again?", {
                    number: q.position,
                  })}
                  hint={t("10 to 1,000 characters.")}
                  rows={3}
                  maxLength={REEVALUATION_REASON_MAX}
                />
              ) : null}
            </div>
          ))}
        </fieldset>
        {refusal ? <InlineAlert>{t(refusal)}</InlineAlert> : null}
        {ask.error ? (
          <InlineAlert>
            {errorMessage(ask.error, msg("Your re-evaluation could not be asked."))}
          </InlineAlert>
        ) : null}
        <Button type="submit" className="justify-self-start" disabled={ask.isPending}>
          {ask.isPending ? t("Sending...") : t("Ask for re-evaluation")}
        </Button>
      </form>
    </FormProvider>
  );
}

/**
 * Re-evaluation (decision 063): once per booklet, until the window's end, for answered
 * questions with a reason each; after it, where each stands and what it did.
 */
export function ResultReevaluation({ testId, result }: { testId: string; result: MainsResult }) {
  const { t } = useTranslation();
  const { reevaluation } = result;
  const asked = result.questions.filter((q) => q.reevaluation);
  return (
    <section
      aria-labelledby="reevaluation"
      className="grid gap-3 rounded-lg border border-border p-4"
    >
      <h2 id="reevaluation" className="text-lg font-semibold">
        {t("Re-evaluation")}
      </h2>
      {reevaluation.requestedAt ? (
        <>
          <p className="text-sm">
            {t("You asked for re-evaluation on {{date}}.", {
              date: formatDateTime(reevaluation.requestedAt),
            })}
          </p>
          <ul className="grid gap-1 text-sm">
            {asked.map((q) => (
              <li key={q.testQuestionId}>
                {q.reevaluation?.outcome
                  ? t("Question {{number}}: {{before}} → {{after}}", {
                      number: q.position,
                      before: marksOutOf(q.reevaluation.marksBefore, q.maxMarks),
                      after: marksOutOf(q.marks ?? 0, q.maxMarks),
                    })
                  : t("Question {{number}}: being marked again", { number: q.position })}
              </li>
            ))}
          </ul>
        </>
      ) : reevaluation.canRequest ? (
        <>
          <p className="text-sm text-muted-foreground">
            {t(
              "You can ask once, until {{date}}, for answers you wrote. Another mentor marks them again; your marks may go up or down.",
              { date: formatDateTime(reevaluation.endsAt) },
            )}
          </p>
          <AskForm testId={testId} result={result} />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          {t("The time to ask for re-evaluation ended on {{date}}.", {
            date: formatDateTime(reevaluation.endsAt),
          })}
        </p>
      )}
    </section>
  );
}
