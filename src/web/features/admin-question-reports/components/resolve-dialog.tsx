import { TextareaField, TextField } from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { FieldMessage } from "@web/components/ui/form-field.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatNumber } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { useId } from "react";
import { type FieldErrors, get, type Resolver, useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { OPTION_KEYS, type OptionKey } from "../../../../shared/constants.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import {
  type ResolveInput,
  type ResolveValues,
  resolveInputSchema,
} from "../../../../shared/question-report-schemas.ts";
import { DROP_RULE_LABELS, type ResolveAction } from "../../../../shared/question-reports.ts";
import { type QueueGroup, useResolveReports } from "../api/queue.ts";

type Words = { questionText: string; options: Record<OptionKey, string>; explanation: string };

/** What the fields hold: every action's fields, as typed (only the chosen action's are sent). */
type Draft = Words & {
  reply: string;
  hi: Words;
  key: string;
  alsoAccept: string[];
  reason: string;
  reasonHi: string;
};

const TEXT = {
  reject: {
    title: msg("Reject the reports"),
    submit: msg("Reject and reply"),
    done: msg("Reports answered"),
  },
  fix: {
    title: msg("Fix the text"),
    submit: msg("Save the text and reply"),
    done: msg("Text fixed"),
  },
  key: { title: msg("Change the key"), submit: msg("Change the key"), done: msg("Key changed") },
  drop: {
    title: msg("Drop the question"),
    submit: msg("Drop the question"),
    done: msg("Question dropped"),
  },
} as const satisfies Record<ResolveAction, { title: string; submit: string; done: string }>;

const DROP_RULE_HELP = {
  award: msg("Everyone who took the paper gets this question's marks."),
  exclude: msg("The question is left out of everyone's total, and the maximum marks fall."),
} as const;

const blankWords = (): Words => ({
  questionText: "",
  options: { A: "", B: "", C: "", D: "" },
  explanation: "",
});

function draftOf(group: QueueGroup): Draft {
  const q = group.question;
  return {
    reply: "",
    questionText: q.questionText,
    options: { ...q.options },
    explanation: q.explanation ?? "",
    hi: q.hi
      ? {
          questionText: q.hi.questionText,
          options: { ...q.hi.options },
          explanation: q.hi.explanation ?? "",
        }
      : blankWords(),
    key: q.correctAnswer,
    alsoAccept: [...q.alsoAccepted],
    reason: "",
    reasonHi: "",
  };
}

const orNull = (value: string) => (value.trim() === "" ? null : value);

/** The draft as the chosen action's request. */
function inputOf(action: ResolveAction, d: Draft): ResolveInput {
  switch (action) {
    case "reject":
      return { action, reply: d.reply };
    case "fix": {
      const hiEmpty = [d.hi.questionText, d.hi.explanation, ...Object.values(d.hi.options)].every(
        (v) => v.trim() === "",
      );
      return {
        action,
        reply: d.reply,
        text: {
          questionText: d.questionText,
          options: d.options,
          explanation: orNull(d.explanation),
          hi: hiEmpty
            ? null
            : {
                questionText: d.hi.questionText,
                options: d.hi.options,
                explanation: orNull(d.hi.explanation),
              },
        },
      };
    }
    case "key":
      return {
        action,
        key: d.key as OptionKey,
        alsoAccept: d.alsoAccept.filter((k) => k !== d.key) as OptionKey[],
        reason: d.reason,
        reasonHi: orNull(d.reasonHi),
        reply: orNull(d.reply),
      };
    case "drop":
      return { action, reason: d.reason, reasonHi: orNull(d.reasonHi), reply: orNull(d.reply) };
  }
}

/**
 * The shared schema as the form's resolver: each issue next to its field (the question's words
 * are under `text` in the request, at the form's top level here).
 */
const resolverFor =
  (action: ResolveAction): Resolver<Draft, unknown, ResolveValues> =>
  async (draft) => {
    const parsed = resolveInputSchema.safeParse(inputOf(action, draft));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).filter((part, i) => !(i === 0 && part === "text"));
      let node = errors;
      for (const [i, part] of path.entries()) {
        if (i === path.length - 1) {
          node[part] ??= { type: issue.code, message: issue.message };
        } else {
          node[part] ??= {};
          node = node[part] as Record<string, unknown>;
        }
      }
    }
    return { values: {}, errors: errors as FieldErrors<Draft> };
  };

/** The key (one option) and the options also accepted beside it. */
function KeyFields({ group }: { group: QueueGroup }) {
  const { t } = useTranslation();
  const id = useId();
  const { register, watch, formState } = useFormContext<Draft>();
  const key = watch("key");
  const error = (get(formState.errors, "key") ?? get(formState.errors, "alsoAccept")) as
    | { message?: string }
    | undefined;
  const now = [group.question.correctAnswer, ...group.question.alsoAccepted].join(", ");
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">
        {t("The correct option (now: {{now}})", { now })}
      </legend>
      {OPTION_KEYS.map((option) => (
        <div
          key={option}
          className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-1 rounded-md border border-border p-2 text-sm"
        >
          <input
            id={`${id}-key-${option}`}
            type="radio"
            value={option}
            className="mt-0.5 size-4"
            {...register("key")}
          />
          <label htmlFor={`${id}-key-${option}`} className="cursor-pointer">
            <span className="font-semibold">{option}.</span> {group.question.options[option]}
          </label>
          <span />
          <label className="flex items-center gap-2 text-xs text-muted-foreground">
            <input
              type="checkbox"
              value={option}
              className="size-4"
              disabled={key === option}
              {...register("alsoAccept")}
            />
            {t("Also accept {{option}}", { option })}
          </label>
        </div>
      ))}
      <FieldMessage id={id} error={error?.message} />
    </fieldset>
  );
}

/** The log's reason (English, optional Hindi) and an optional reply to the reporters. */
function ReasonFields() {
  const { t } = useTranslation();
  return (
    <>
      <TextareaField
        name="reason"
        label={t("Reason (shown on the public key-change log)")}
        rows={3}
      />
      <TextareaField name="reasonHi" label={t("Reason in Hindi (optional)")} rows={2} lang="hi" />
      <TextareaField
        name="reply"
        label={t("Reply to the students who reported it (optional)")}
        hint={t("Left empty, they are sent the reason.")}
        rows={2}
      />
    </>
  );
}

/** The question's words in English and Hindi (never its key). */
function WordFields() {
  const { t } = useTranslation();
  return (
    <>
      <TextareaField name="questionText" label={t("Question Text")} rows={4} />
      <div className="grid gap-3 sm:grid-cols-2">
        {OPTION_KEYS.map((key) => (
          <TextField key={key} name={`options.${key}`} label={t("Option {{key}}", { key })} />
        ))}
      </div>
      <TextareaField name="explanation" label={t("Explanation (optional)")} rows={3} />
      <fieldset className="grid gap-3 rounded-md border border-border p-3" lang="hi">
        <legend className="px-1 text-sm font-medium">{t("Hindi version (optional)")}</legend>
        <TextareaField name="hi.questionText" label={t("Question Text (Hindi)")} rows={3} />
        <div className="grid gap-3 sm:grid-cols-2">
          {OPTION_KEYS.map((key) => (
            <TextField
              key={key}
              name={`hi.options.${key}`}
              label={t("Option {{key}} (Hindi)", { key })}
            />
          ))}
        </div>
        <TextareaField name="hi.explanation" label={t("Explanation (Hindi, optional)")} rows={2} />
      </fieldset>
    </>
  );
}

/**
 * One answer to all of a question's open reports: reject (a reply), fix the words (a reply),
 * change the key (the log's reason) or drop the question under its paper's rule.
 */
export function ResolveDialog(props: {
  group: QueueGroup | null;
  action: ResolveAction;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const resolve = useResolveReports();
  const { group, action } = props;
  const form = useDialogForm<Draft, ResolveValues>({
    open: props.open,
    resolver: resolverFor(action),
    values: () =>
      group
        ? draftOf(group)
        : {
            ...blankWords(),
            reply: "",
            hi: blankWords(),
            key: "",
            alsoAccept: [],
            reason: "",
            reasonHi: "",
          },
  });
  if (!group) return null;
  const text = TEXT[action];
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t(text.title)}
      className={action === "fix" ? "sm:max-w-2xl" : undefined}
      form={form}
      submitLabel={t(text.submit)}
      onSubmit={async (input) => {
        try {
          const result = await resolve.mutateAsync({ questionId: group.question.id, input });
          notify.success(
            t(text.done),
            t("Reports answered: {{n}}. Each student who reported it is told.", {
              n: formatNumber(result.resolved),
            }),
          );
          props.onOpenChange(false);
        } catch (error) {
          notify.error(t("The reports were not answered"), errorMessage(error));
        }
      }}
    >
      <p className="text-sm text-muted-foreground">
        {t("Q{{number}} of {{paper}}. Open reports answered at once: {{n}}.", {
          number: group.question.number,
          paper: group.question.paper.title,
          n: formatNumber(group.count),
          interpolation: { escapeValue: false },
        })}
      </p>
      {action === "reject" ? (
        <TextareaField name="reply" label={t("Reply to the students who reported it")} rows={4} />
      ) : null}
      {action === "fix" ? (
        <>
          <WordFields />
          <TextareaField name="reply" label={t("Reply to the students who reported it")} rows={3} />
        </>
      ) : null}
      {action === "key" ? (
        <>
          <KeyFields group={group} />
          <p className="rounded-md bg-muted p-3 text-sm">
            {t(
              "Every attempt that holds this question is graded again, and students whose score changes are told.",
            )}
          </p>
          <ReasonFields />
        </>
      ) : null}
      {action === "drop" ? (
        <>
          <div className="grid gap-1 rounded-md bg-muted p-3 text-sm">
            <p className="font-semibold">
              {t("This paper's rule: {{rule}}", {
                rule: t(DROP_RULE_LABELS[group.question.paper.dropRule]),
              })}
            </p>
            <p>{t(DROP_RULE_HELP[group.question.paper.dropRule])}</p>
          </div>
          <ReasonFields />
        </>
      ) : null}
    </FormDialog>
  );
}
