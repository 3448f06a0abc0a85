import { SwitchField } from "@web/components/form/fields.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { Button } from "@web/components/ui/button.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  type MainsSharingInput,
  mainsSharingSchema,
} from "../../../../shared/mains-results-schemas.ts";
import { type MainsResultData, useSaveSharing } from "../api/mains-result.ts";

const resolver = schemaResolver<MainsSharingInput, typeof mainsSharingSchema>(mainsSharingSchema);

/** The student's consent: their answers as a topper's copy for others, and their name with them. */
export function ResultSharing({ testId, data }: { testId: string; data: MainsResultData }) {
  const { t } = useTranslation();
  const save = useSaveSharing(testId);
  const form = useForm<MainsSharingInput, unknown, MainsSharingInput>({
    resolver,
    values: data.sharing,
  });
  const shareAnswers = useWatch({ control: form.control, name: "shareAnswers" });
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ ...input, shareName: input.shareAnswers && input.shareName });
      notify.success(t("Your sharing choice is saved"));
    } catch (error) {
      notify.error(t("Your sharing choice could not be saved"), errorMessage(error));
    }
  });
  return (
    <section aria-labelledby="sharing" className="grid gap-3 rounded-lg border border-border p-4">
      <h2 id="sharing" className="text-lg font-semibold">
        {t("Share your answers")}
      </h2>
      <p className="text-sm text-muted-foreground">
        {t(
          "Where one of your answers is the best shared in this test, the other students who took it can read that answer and its marks as the topper's copy.",
        )}
      </p>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} className="grid gap-3" noValidate>
          <SwitchField name="shareAnswers" label={t("Show my answers to others in this test")} />
          {shareAnswers ? (
            <SwitchField
              name="shareName"
              label={t("Show my name with them")}
              description={t("Otherwise they read \u201cA topper\u201d.")}
            />
          ) : null}
          <Button
            type="submit"
            variant="outline"
            className="justify-self-start"
            disabled={save.isPending || !form.formState.isDirty}
          >
            {save.isPending ? t("Saving...") : t("Save")}
          </Button>
        </form>
      </FormProvider>
    </section>
  );
}
