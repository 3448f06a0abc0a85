import { SelectField } from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useEffect } from "react";
import type { FieldErrors, Resolver } from "react-hook-form";
import { useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  type QuestionBulkTagInput,
  type QuestionDifficulty,
  TAXONOMY_MESSAGES,
} from "../../../../shared/taxonomy.ts";
import { useTagQuestions } from "../api/questions.ts";
import { useSubjectOptions } from "../api/subjects.ts";
import { DifficultyOptions, NamedOptions, topicsOf } from "./question-tag-fields.tsx";

const KEEP = "keep";
const CLEAR = "clear";

/** "keep" leaves the field as it is; "clear" removes it; otherwise an id or a difficulty. */
type BulkTagForm = { subjectId: string; topicId: string; difficulty: string };
type BulkTagValues = Omit<QuestionBulkTagInput, "questionIds">;

const resolver: Resolver<BulkTagForm, unknown, BulkTagValues> = async (form) => {
  const values: BulkTagValues = {};
  if (form.subjectId === CLEAR) values.subjectId = null;
  else if (form.subjectId !== KEEP) {
    values.subjectId = form.subjectId;
    values.topicId = form.topicId || null;
  }
  if (form.difficulty === CLEAR) values.difficulty = null;
  else if (form.difficulty !== KEEP) values.difficulty = form.difficulty as QuestionDifficulty;
  if (values.subjectId === undefined && values.difficulty === undefined) {
    const errors: FieldErrors<BulkTagForm> = {
      subjectId: { type: "validate", message: TAXONOMY_MESSAGES.nothingToTag },
    };
    return { values: {}, errors };
  }
  return { values, errors: {} };
};

function BulkTagFields() {
  const { t } = useTranslation();
  const subjects = useSubjectOptions().data ?? [];
  const subjectId = (useWatch({ name: "subjectId" }) as string) ?? KEEP;
  const { setValue } = useFormContext<BulkTagForm>();
  const chosen = subjectId !== KEEP && subjectId !== CLEAR;
  const topics = chosen ? topicsOf(subjects, subjectId) : [];
  // A new subject starts without a topic.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the subject changes.
  useEffect(() => {
    setValue("topicId", "");
  }, [subjectId]);
  return (
    <>
      <SelectField name="subjectId" label={t("Subject")}>
        <option value={KEEP}>{t("Leave as it is")}</option>
        <option value={CLEAR}>{t("No subject (clear subject and topic)")}</option>
        <NamedOptions items={subjects} />
      </SelectField>
      <SelectField
        name="topicId"
        label={t("Topic")}
        disabled={!chosen}
        hint={chosen ? undefined : t("Choose a subject to set a topic.")}
      >
        <option value="">{t("No topic")}</option>
        <NamedOptions items={topics} />
      </SelectField>
      <SelectField name="difficulty" label={t("Difficulty")}>
        <option value={KEEP}>{t("Leave as it is")}</option>
        <option value={CLEAR}>{t("Not set (clear)")}</option>
        <DifficultyOptions />
      </SelectField>
    </>
  );
}

/** Tags every selected question at once: all of them or, if the server refuses, none. */
export function BulkTagDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  questionIds: string[];
  onTagged: () => void;
}) {
  const { t } = useTranslation();
  const tag = useTagQuestions();
  const form = useDialogForm<BulkTagForm, BulkTagValues>({
    open: props.open,
    resolver,
    values: () => ({ subjectId: KEEP, topicId: "", difficulty: KEEP }),
  });
  const n = props.questionIds.length;
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t("Tag {{count}} Selected Questions", { count: n })}
      form={form}
      submitLabel={t("Tag Questions")}
      onSubmit={async (values) => {
        try {
          const result = await tag.mutateAsync({ questionIds: props.questionIds, ...values });
          notify.success(
            t("Success"),
            t("Tagged {{updated}} question(s).", { updated: result.updated }),
          );
          props.onTagged();
          props.onOpenChange(false);
        } catch (error) {
          notify.error(t("Error tagging questions"), errorMessage(error));
        }
      }}
    >
      <BulkTagFields />
    </FormDialog>
  );
}
