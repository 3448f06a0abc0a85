import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { InlineAlert, LoadingState } from "@web/components/ui/states.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { NOTIFICATION_MESSAGES } from "../../../../shared/notifications.ts";
import { useUnsubscribeState } from "../api/get-unsubscribe-state.ts";
import { useUnsubscribeEmails } from "../api/unsubscribe-emails.ts";

/**
 * The page a reminder email's "Unsubscribe" link opens (decision 044). It asks before it
 * changes anything, because mail scanners open links; mail apps' one-click button posts to the
 * API directly. No sign-in: the signed token in the link names the account.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const state = useUnsubscribeState(token);
  const unsubscribe = useUnsubscribeEmails(token);

  let body: ReactNode;
  if (!token || state.isError) {
    body = (
      <InlineAlert>
        {state.isError
          ? errorMessage(state.error, NOTIFICATION_MESSAGES.unsubscribeInvalid)
          : t(NOTIFICATION_MESSAGES.unsubscribeInvalid)}
      </InlineAlert>
    );
  } else if (!state.data) {
    body = <LoadingState />;
  } else if (!state.data.emailFallback) {
    body = (
      <p role="status" className="text-sm">
        {t(
          "You will no longer get reminder emails. Push notifications on your devices, if any, stay on.",
        )}
      </p>
    );
  } else {
    body = (
      <div className="grid gap-4">
        <p className="text-sm">
          {t(
            "Stop the reminder emails (today's quiz, revision cards due, test results)? Emails about your account, your payments and your evaluated answers still come.",
          )}
        </p>
        {unsubscribe.isError ? (
          <InlineAlert>
            {errorMessage(unsubscribe.error, "An unexpected error occurred.")}
          </InlineAlert>
        ) : null}
        <Button
          onClick={() => unsubscribe.mutate()}
          disabled={unsubscribe.isPending}
          className="min-h-11 justify-self-start"
        >
          {t("Unsubscribe")}
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto grid max-w-md gap-4 px-4 py-10">
      <Card className="grid gap-4 p-5 sm:p-6">
        <h1 className="text-xl font-semibold">{t("Reminder emails")}</h1>
        {body}
        <p className="text-sm text-muted-foreground">
          <Link to="/student/profile" className="underline underline-offset-4">
            {t("Change all notification settings in your profile")}
          </Link>
        </p>
      </Card>
    </div>
  );
}
