import { numberOf, schemaResolver } from "@web/components/form/schema-resolver.ts";
import { Button } from "@web/components/ui/button.tsx";
import { FieldMessage, fieldAria } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatSignedMarks } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { msg } from "../../../../shared/i18n/msg.ts";
import {
  type ModerationInput,
  moderationSchema,
} from "../../../../shared/mains-calibration-schemas.ts";
import type { CalibrationMentor, useModeration } from "../api/calibration.ts";

type Values = { correction: string };

/**
 * One mentor's correction for the test: marks added to each of their marks (−50 to 50, in half
 * marks), Apply to set it, Clear to remove it. Closed once the results are published.
 */
export function CorrectionForm(props: {
  mentor: CalibrationMentor;
  moderation: ReturnType<typeof useModeration>;
  closed: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { mentor, moderation, closed } = props;
  const name = mentor.name ?? t("Former mentor");
  const resolver = useMemo(
    () =>
      schemaResolver<Values, typeof moderationSchema>(moderationSchema, (values) => ({
        mentorId: mentor.mentorId,
        correction: numberOf(values.correction),
      })),
    [mentor.mentorId],
  );
  const form = useForm<Values, unknown, ModerationInput>({
    resolver,
    values: { correction: mentor.correction === null ? "" : String(mentor.correction) },
  });
  const error = form.formState.errors.correction?.message;
  const busy = moderation.set.isPending || moderation.clear.isPending;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await moderation.set.mutateAsync(input);
      notify.success(
        t("Correction applied"),
        t("{{name}}: {{correction}} marks on each answer.", {
          name,
          correction: formatSignedMarks(input.correction),
        }),
      );
    } catch (failure) {
      notify.error(
        t("Could not save"),
        t(errorMessage(failure, msg("The correction was not saved."))),
      );
    }
  });
  const onClear = async () => {
    try {
      await moderation.clear.mutateAsync(mentor.mentorId);
      notify.success(t("Correction cleared"), name);
    } catch (failure) {
      notify.error(
        t("Could not save"),
        t(errorMessage(failure, msg("The correction was not cleared."))),
      );
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor={id} className="sr-only">
          {t("Correction for {{name}}, in marks", { name })}
        </Label>
        <Input
          {...fieldAria(id, error)}
          type="number"
          inputMode="decimal"
          step="0.5"
          min="-50"
          max="50"
          className="w-20"
          placeholder={
            mentor.suggestedCorrection === null ? "0" : String(mentor.suggestedCorrection)
          }
          disabled={closed || busy}
          {...form.register("correction")}
        />
        <Button type="submit" size="sm" disabled={closed || busy}>
          {t("Apply")}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={closed || busy || mentor.correction === null}
          onClick={onClear}
          aria-label={t("Clear the correction for {{name}}", { name })}
        >
          {t("Clear")}
        </Button>
      </div>
      <FieldMessage id={id} error={error} />
    </form>
  );
}
