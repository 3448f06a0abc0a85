import { useMutation, useQueryClient } from "@tanstack/react-query";
import { NumberField, SelectField } from "@web/components/form/fields.tsx";
import { RefusalAlert } from "@web/components/form/refusal-alert.tsx";
import { numberOf, schemaResolver } from "@web/components/form/schema-resolver.ts";
import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { EmptyState, InlineAlert } from "@web/components/ui/states.tsx";
import { Switch } from "@web/components/ui/switch.tsx";
import { ApiError } from "@web/lib/api.ts";
import { contentLang } from "@web/lib/content-language.ts";
import { formatDate, formatScorePercent } from "@web/lib/format.ts";
import { i18n } from "@web/lib/i18n.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { notify } from "@web/lib/toast.ts";
import { useId } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  PRACTICE_DEFAULT_MINUTES_PER_QUESTION,
  PRACTICE_DEFAULT_QUESTIONS,
  PRACTICE_MAX_QUESTIONS,
  PRACTICE_MIN_QUESTIONS,
  PRACTICE_SCOPE_LABELS,
  PRACTICE_SCOPES,
  PRACTICE_SOURCE_LABELS,
  PRACTICE_SOURCES,
  type PracticeRequest,
  type PracticeScope,
  type PracticeSource,
  practiceRequestSchema,
} from "../../../../shared/practice.ts";
import { PLANS_PATH } from "../../../../shared/subscriptions.ts";
import {
  QUESTION_DIFFICULTIES,
  QUESTION_DIFFICULTY_LABELS,
  type QuestionDifficulty,
} from "../../../../shared/taxonomy.ts";
import {
  buildPractice,
  type MyPracticeTest,
  type PracticeOptions,
  useMyPractice,
  usePracticeOptions,
} from "../api/practice.ts";

type Choices = {
  subjectIds: string[];
  topicIds: string[];
  sources: PracticeSource[];
  fromYear: string;
  toYear: string;
  difficulties: QuestionDifficulty[];
  questionCount: string;
  timed: boolean;
  minutesPerQuestion: string;
  negativeMarking: boolean;
  scope: PracticeScope;
};

/** The choices as the request's schema takes them: years and numbers from what the fields hold. */
const choicesResolver = schemaResolver<Choices, typeof practiceRequestSchema>(
  practiceRequestSchema,
  (c) => ({
    ...c,
    fromYear: c.fromYear ? Number(c.fromYear) : null,
    toYear: c.toYear ? Number(c.toYear) : null,
    questionCount: numberOf(c.questionCount),
    minutesPerQuestion: numberOf(c.minutesPerQuestion),
  }),
);

const isSource = (s: string): s is PracticeSource =>
  (PRACTICE_SOURCES as readonly string[]).includes(s);
const isScope = (s: string): s is PracticeScope =>
  (PRACTICE_SCOPES as readonly string[]).includes(s);

/** The form's first state: the builder's defaults, with what a link asked for (the PYQ page, a report). */
function initialChoices(params: URLSearchParams): Choices {
  const sources = params.getAll("source").filter(isSource);
  const scope = params.get("scope") ?? "";
  return {
    subjectIds: params.getAll("subjectId"),
    topicIds: params.getAll("topicId"),
    sources: sources.length ? sources : [...PRACTICE_SOURCES],
    fromYear: params.get("fromYear") ?? "",
    toYear: params.get("toYear") ?? "",
    difficulties: [],
    questionCount: String(PRACTICE_DEFAULT_QUESTIONS),
    timed: true,
    minutesPerQuestion: String(PRACTICE_DEFAULT_MINUTES_PER_QUESTION),
    negativeMarking: true,
    scope: isScope(scope) ? scope : "any",
  };
}

const toggle = <T,>(list: T[], item: T) =>
  list.includes(item) ? list.filter((i) => i !== item) : [...list, item];

function Check(props: {
  id: string;
  label: string;
  checked: boolean;
  onChange: () => void;
  /** A name an admin wrote (a subject, a topic): marked with its own language. */
  content?: boolean;
}) {
  return (
    <label
      htmlFor={props.id}
      className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
    >
      <input
        id={props.id}
        type="checkbox"
        className="size-4 accent-[var(--color-primary)]"
        checked={props.checked}
        onChange={props.onChange}
      />
      <span lang={props.content ? contentLang(props.label) : undefined}>{props.label}</span>
    </label>
  );
}

function Builder({ options }: { options: PracticeOptions }) {
  const { t } = useTranslation();
  const id = useId();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<Choices, unknown, PracticeRequest>({
    resolver: choicesResolver,
    defaultValues: initialChoices(params),
  });
  const choices = useWatch({ control: form.control }) as Choices;
  const set = (next: Partial<Choices>) => {
    for (const [name, value] of Object.entries(next)) {
      form.setValue(name as keyof Choices, value as never, {
        shouldValidate: form.formState.isSubmitted,
      });
    }
  };
  const build = useMutation({
    mutationFn: (request: PracticeRequest) => buildPractice(request),
    onSuccess: (built) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.practice.all });
      if (built.questionCount < built.asked)
        notify.info(
          t("Practice test ready"),
          t("Only {{n}} questions matched, so the test has {{n}}.", { n: built.questionCount }),
        );
      navigate(`/practice/${built.id}`);
    },
  });
  const { allowance, years } = options;
  const yearOptions =
    years.min !== null && years.max !== null
      ? Array.from({ length: years.max - years.min + 1 }, (_, i) => String(years.max! - i))
      : [];
  const usedUp = allowance.limit !== null && allowance.used >= allowance.limit;
  const error = build.error;
  const onSubmit = form.handleSubmit((request) => build.mutate(request));
  const showYears = choices.sources.includes("pyq") && yearOptions.length > 0;
  // A refused choice whose field is folded away (the minutes of an untimed test, the years
  // without previous-year questions) is said above the button.
  const { errors } = form.formState;
  const hiddenError =
    (!choices.timed && errors.minutesPerQuestion) ||
    (!showYears && (errors.fromYear ?? errors.toYear)) ||
    undefined;

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} className="grid gap-5" aria-labelledby={`${id}-heading`}>
        <div className="grid gap-1">
          <h2 id={`${id}-heading`} className="text-lg font-semibold">
            {t("Build a practice test")}
          </h2>
          <p className="text-sm text-muted-foreground">
            {allowance.limit === null
              ? t("Unlimited practice tests on your plan.")
              : t("{{used}} of {{limit}} practice tests used this month.", {
                  used: allowance.used,
                  limit: allowance.limit,
                })}
          </p>
        </div>

        <fieldset className="grid min-w-0 gap-2">
          <legend className="mb-1 font-medium">{t("Subjects and topics")}</legend>
          <p className="text-xs text-muted-foreground">
            {t("Choose none for every subject. Choose topics to narrow a subject.")}
          </p>
          {options.subjects.length === 0 ? (
            <p className="text-sm">{t("No subjects yet.")}</p>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2">
              {options.subjects.map((subject) => {
                const chosen = choices.subjectIds.includes(subject.id);
                return (
                  <li key={subject.id} className="grid gap-2">
                    <Check
                      id={`${id}-s-${subject.id}`}
                      label={subject.name}
                      content
                      checked={chosen}
                      onChange={() =>
                        set({
                          subjectIds: toggle(choices.subjectIds, subject.id),
                          // Unchoosing a subject drops its topics too.
                          topicIds: chosen
                            ? choices.topicIds.filter(
                                (tid) => !subject.topics.some((tp) => tp.id === tid),
                              )
                            : choices.topicIds,
                        })
                      }
                    />
                    {chosen && subject.topics.length ? (
                      <fieldset className="grid min-w-0 gap-1 pl-4">
                        <legend className="sr-only">
                          {t("Topics of {{subject}}", { subject: subject.name })}
                        </legend>
                        {subject.topics.map((topic) => (
                          <Check
                            key={topic.id}
                            id={`${id}-t-${topic.id}`}
                            label={topic.name}
                            content
                            checked={choices.topicIds.includes(topic.id)}
                            onChange={() => set({ topicIds: toggle(choices.topicIds, topic.id) })}
                          />
                        ))}
                      </fieldset>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </fieldset>

        <fieldset className="grid min-w-0 gap-2">
          <legend className="mb-1 font-medium">{t("Source")}</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {PRACTICE_SOURCES.map((source) => (
              <Check
                key={source}
                id={`${id}-src-${source}`}
                label={t(PRACTICE_SOURCE_LABELS[source])}
                checked={choices.sources.includes(source)}
                onChange={() => set({ sources: toggle(choices.sources, source) })}
              />
            ))}
          </div>
          {showYears ? (
            <div className="grid grid-cols-2 gap-3">
              <SelectField name="fromYear" id={`${id}-from`} label={t("From year")}>
                <option value="">{t("Any")}</option>
                {[...yearOptions].reverse().map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </SelectField>
              <SelectField name="toYear" id={`${id}-to`} label={t("To year")}>
                <option value="">{t("Any")}</option>
                {yearOptions.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </SelectField>
            </div>
          ) : null}
        </fieldset>

        <fieldset className="grid min-w-0 gap-2">
          <legend className="mb-1 font-medium">{t("Difficulty")}</legend>
          <p className="text-xs text-muted-foreground">{t("Choose none for any difficulty.")}</p>
          <div className="grid grid-cols-3 gap-2">
            {QUESTION_DIFFICULTIES.map((d) => (
              <Check
                key={d}
                id={`${id}-d-${d}`}
                label={t(QUESTION_DIFFICULTY_LABELS[d])}
                checked={choices.difficulties.includes(d)}
                onChange={() => set({ difficulties: toggle(choices.difficulties, d) })}
              />
            ))}
          </div>
        </fieldset>

        <fieldset className="grid min-w-0 gap-2">
          <legend className="mb-1 font-medium">{t("Questions")}</legend>
          <div className="grid gap-2">
            {PRACTICE_SCOPES.map((scope) => (
              <label
                key={scope}
                htmlFor={`${id}-scope-${scope}`}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
              >
                <input
                  id={`${id}-scope-${scope}`}
                  type="radio"
                  name={`${id}-scope`}
                  className="size-4 accent-[var(--color-primary)]"
                  checked={choices.scope === scope}
                  onChange={() => set({ scope })}
                />
                {t(PRACTICE_SCOPE_LABELS[scope])}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start">
            <NumberField
              name="questionCount"
              id={`${id}-count`}
              label={t("Number of questions")}
              hint={t("Between {{min}} and {{max}}.", {
                min: PRACTICE_MIN_QUESTIONS,
                max: PRACTICE_MAX_QUESTIONS,
              })}
              required
              min={PRACTICE_MIN_QUESTIONS}
              max={PRACTICE_MAX_QUESTIONS}
            />
          </div>
          <div className="grid content-start gap-3">
            <div className="flex min-h-11 items-center justify-between gap-3">
              <Label htmlFor={`${id}-timed`}>{t("Timed")}</Label>
              <Switch
                id={`${id}-timed`}
                checked={choices.timed}
                onCheckedChange={(timed) => set({ timed })}
              />
            </div>
            {choices.timed ? (
              <NumberField
                name="minutesPerQuestion"
                id={`${id}-minutes`}
                label={t("Minutes per question")}
                inputMode="decimal"
                step="0.1"
                min={0.5}
                max={10}
                required
              />
            ) : null}
            <div className="flex min-h-11 items-center justify-between gap-3">
              <Label htmlFor={`${id}-negative`}>{t("Negative marking")}</Label>
              <Switch
                id={`${id}-negative`}
                checked={choices.negativeMarking}
                onCheckedChange={(negativeMarking) => set({ negativeMarking })}
                aria-describedby={`${id}-negative-hint`}
              />
            </div>
            <p id={`${id}-negative-hint`} className="-mt-2 text-xs text-muted-foreground">
              {choices.negativeMarking
                ? t("+2 for a right answer, −0.67 for a wrong one, as in UPSC Prelims.")
                : t("The score is the share of questions answered right.")}
            </p>
          </div>
        </div>

        {hiddenError?.message ? <InlineAlert>{t(hiddenError.message)}</InlineAlert> : null}
        {error ? (
          <RefusalAlert
            message={t(error.message)}
            offerPlans={error instanceof ApiError && error.status === 403}
          />
        ) : null}

        <Button
          type="submit"
          className="justify-self-start"
          disabled={build.isPending || usedUp || choices.sources.length === 0}
        >
          {build.isPending ? t("Building...") : t("Build practice test")}
        </Button>
        {usedUp ? (
          <p className="text-sm text-muted-foreground">
            {t("You have used this month's practice tests.")}{" "}
            <Link to={PLANS_PATH} className="underline">
              {t("View Plans")}
            </Link>
          </p>
        ) : null}
      </form>
    </FormProvider>
  );
}

function statusOf(test: MyPracticeTest) {
  if (test.status === "submitted")
    return i18n.t("Score: {{score}}", { score: formatScorePercent(test.score ?? 0) });
  return test.status === "in_progress" ? i18n.t("In progress") : i18n.t("Not started");
}

function MyTests() {
  const { t } = useTranslation();
  const mine = useMyPractice();
  return (
    <section aria-labelledby="my-practice" className="grid gap-3">
      <h2 id="my-practice" className="text-lg font-semibold">
        {t("Your practice tests")}
      </h2>
      <QueryContent
        query={mine}
        loadingLabel={t("Loading practice tests...")}
        errorTitle={t("Could not load your practice tests")}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState
            title={t("No practice tests yet")}
            description={t(
              "Build one above: it opens like an exam, and its review and analysis follow.",
            )}
          />
        }
      >
        {(data) => (
          <ul className="grid gap-2">
            {data.items.map((test) => (
              <li
                key={test.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3"
              >
                <div className="grid min-w-0 gap-0.5">
                  <p lang={contentLang(t(test.title))} className="font-medium">
                    {t(test.title)}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {t("{{count}} questions", { count: test.questionCount })} ·{" "}
                    {formatDate(test.createdAt)}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <Badge variant={test.status === "submitted" ? "success" : "secondary"}>
                    {statusOf(test)}
                  </Badge>
                  <Button asChild size="sm" variant="outline">
                    {test.status === "submitted" && test.attemptId ? (
                      <Link to={`/results/${test.attemptId}`}>{t("Review")}</Link>
                    ) : (
                      <Link to={`/practice/${test.id}`}>{t("Open")}</Link>
                    )}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
    </section>
  );
}

/**
 * `/student/practice` (decision 041): build a practice test from the bank by subject, topic,
 * source, years and difficulty; the server draws it and `/practice/{id}` runs it on the engine.
 */
export function PracticePage() {
  const { t } = useTranslation();
  const options = usePracticeOptions();
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6">
      <PageHeader
        title={t("Practice")}
        description={t("Practise any subject, topic or year, or only what you got wrong.")}
        backTo="/student/dashboard"
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to="/student/pyq">{t("Previous Year Questions")}</Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to="/student/revision">{t("Revision")}</Link>
            </Button>
          </div>
        }
      />
      <QueryContent
        query={options}
        loadingLabel={t("Loading...")}
        errorTitle={t("Could not load the practice choices")}
      >
        {(data) => <Builder options={data} />}
      </QueryContent>
      <MyTests />
    </div>
  );
}
