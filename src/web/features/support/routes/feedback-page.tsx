import { SelectField, TextareaField, TextField } from "@web/components/form/fields.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { useAuth } from "@web/lib/auth.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  type FeedbackInput,
  feedbackInputSchema,
  SUPPORT_MESSAGES,
} from "../../../../shared/support.ts";
import { useSendFeedback } from "../api/support.ts";

/** The fields as typed: the rating is the select's text, blank for none. */
type FeedbackValues = { name: string; email: string; rating: string; message: string };

const resolver = schemaResolver<FeedbackValues, typeof feedbackInputSchema>(
  feedbackInputSchema,
  (values) => ({ ...values, rating: values.rating === "" ? null : Number(values.rating) }),
);

/** Feedback from anyone, stored for the admins; a rating is optional. */
export function FeedbackPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const send = useSendFeedback();
  const [sent, setSent] = useState(false);
  const signedIn = auth.status === "signed-in" ? auth : null;
  const form = useForm<FeedbackValues, unknown, FeedbackInput>({
    resolver,
    // Filled in once the session is known, without overwriting what was typed meanwhile.
    values: {
      name: signedIn?.session.profile?.fullName ?? "",
      email: signedIn?.session.user.email ?? "",
      rating: "",
      message: "",
    },
    resetOptions: { keepDirtyValues: true },
  });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      setSent(true);
    } catch (error) {
      notify.error(t("Could not send your feedback"), errorMessage(error));
    }
  });
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("Feedback")}</h1>
        <p className="text-muted-foreground">
          {t(
            "Tell us what helps and what gets in your way. Found a wrong answer key? Send the exam and question.",
          )}
        </p>
      </div>
      <Card className="p-5 sm:p-6">
        {sent ? (
          <p role="status" className="rounded-md bg-secondary p-4 text-secondary-foreground">
            {t(SUPPORT_MESSAGES.feedbackSent)}
          </p>
        ) : (
          <FormProvider {...form}>
            <form method="post" className="grid gap-4" onSubmit={onSubmit} noValidate>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField name="name" label={t("Your name (optional)")} autoComplete="name" />
                <TextField
                  name="email"
                  label={t("Email (optional)")}
                  type="email"
                  autoComplete="email"
                />
              </div>
              <SelectField name="rating" label={t("Rating (optional)")} className="sm:max-w-56">
                <option value="">{t("No rating")}</option>
                {[5, 4, 3, 2, 1].map((n) => (
                  <option key={n} value={String(n)}>
                    {t("{{count}} out of 5", { count: n })}
                  </option>
                ))}
              </SelectField>
              <TextareaField name="message" label={t("Your feedback")} rows={6} />
              <Button type="submit" disabled={isSubmitting} className="sm:justify-self-start">
                {isSubmitting ? t("Sending...") : t("Send Feedback")}
              </Button>
            </form>
          </FormProvider>
        )}
      </Card>
    </div>
  );
}
