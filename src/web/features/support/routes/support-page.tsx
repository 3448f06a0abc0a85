import { zodResolver } from "@hookform/resolvers/zod";
import { TextareaField, TextField } from "@web/components/form/fields.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { useAuth } from "@web/lib/auth.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  SUPPORT_MESSAGES,
  type SupportTicketInput,
  supportTicketInputSchema,
} from "../../../../shared/support.ts";
import { useSendTicket } from "../api/support.ts";
import { MyTickets } from "../components/my-tickets.tsx";

/**
 * A signed-in user's email is their account's, shown read-only: the server answers a signed-in
 * user at the account's address whatever the form sends.
 */
function SupportForm(props: {
  initial: SupportTicketInput;
  signedIn: boolean;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const send = useSendTicket();
  const form = useForm<SupportTicketInput>({
    resolver: zodResolver(supportTicketInputSchema),
    defaultValues: props.initial,
  });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      props.onSent();
    } catch (error) {
      notify.error(t("Could not send your request"), errorMessage(error));
    }
  });
  return (
    <FormProvider {...form}>
      <form method="post" className="grid gap-4" onSubmit={onSubmit} noValidate>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <TextField name="name" label={t("Your name")} autoComplete="name" />
          <TextField
            name="email"
            label={t("Email")}
            type="email"
            autoComplete="email"
            readOnly={props.signedIn}
            className={props.signedIn ? "bg-muted text-muted-foreground" : undefined}
            hint={props.signedIn ? t("We reply to your account's email.") : undefined}
          />
        </div>
        <TextField name="subject" label={t("Subject")} />
        <TextareaField name="message" label={t("How can we help?")} rows={6} />
        <Button type="submit" disabled={isSubmitting} className="sm:justify-self-start">
          {isSubmitting ? t("Sending...") : t("Send Request")}
        </Button>
      </form>
    </FormProvider>
  );
}

/** The support form for everyone; a signed-in user also sees their requests and answers. */
export function SupportPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const [sent, setSent] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const signedIn = auth.status === "signed-in" ? auth : null;
  const initial: SupportTicketInput = {
    name: signedIn?.session.profile?.fullName ?? "",
    email: signedIn?.session.user.email ?? "",
    subject: "",
    message: "",
  };
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("Support")}</h1>
        <p className="text-muted-foreground">
          {t(
            "Need help with your account, a payment or a question in a test? Send us a request and we will reply by email within two working days.",
          )}{" "}
          <Link className="text-primary underline" to="/faqs">
            {t("Read the FAQs")}
          </Link>
        </p>
      </div>
      <Card className="p-5 sm:p-6">
        {sent ? (
          <div className="grid gap-3">
            <p role="status" className="rounded-md bg-secondary p-4 text-secondary-foreground">
              {t(SUPPORT_MESSAGES.ticketSent)}
            </p>
            <Button
              variant="outline"
              className="justify-self-start"
              onClick={() => {
                setSent(false);
                setFormKey((key) => key + 1);
              }}
            >
              {t("Send another request")}
            </Button>
          </div>
        ) : auth.status === "loading" ? null : (
          <SupportForm
            key={formKey}
            initial={initial}
            signedIn={Boolean(signedIn)}
            onSent={() => setSent(true)}
          />
        )}
      </Card>
      {signedIn ? <MyTickets /> : null}
    </div>
  );
}
