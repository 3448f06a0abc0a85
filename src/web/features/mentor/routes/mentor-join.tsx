import { useQueryClient } from "@tanstack/react-query";
import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { useAuth } from "@web/lib/auth.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { notify } from "@web/lib/toast.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { EVALUATION_MESSAGES } from "../../../../shared/evaluation.ts";
import { acceptMentorInvitation } from "../api/invitation.ts";

/**
 * /mentor/join?token=… (decision 042): the invited person, signed in with the invited address,
 * accepts; their session is fetched again (now a mentor's) and they land in the workspace.
 */
export function MentorJoinPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const [error, setError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  const accept = async () => {
    setIsPending(true);
    setError(null);
    try {
      await acceptMentorInvitation(token);
      await queryClient.refetchQueries({ queryKey: queryKeys.session });
      notify.success(t("Welcome, mentor"), t("You can now claim and evaluate answer copies."));
      navigate("/mentor", { replace: true });
    } catch (err) {
      setError(errorMessage(err, EVALUATION_MESSAGES.invitationInvalid));
      setIsPending(false);
    }
  };

  const email = auth.status === "signed-in" ? auth.session.user.email : "";
  return (
    <div className="mx-auto grid max-w-xl gap-5 px-4 py-6">
      <PageHeader title={t("Mentor Invitation")} />
      <Card className="grid gap-4 p-5">
        {auth.status === "signed-in" && auth.role === "mentor" ? (
          <>
            <p>{t("You are already a mentor.")}</p>
            <Button asChild className="justify-self-start">
              <Link to="/mentor">{t("Go to Evaluations")}</Link>
            </Button>
          </>
        ) : token ? (
          <>
            <p>
              {t(
                "You have been invited to evaluate students' Mains answers as a mentor. Accepting makes this account a mentor's:",
              )}{" "}
              <strong className="break-all">{email}</strong>
            </p>
            <p className="text-sm text-muted-foreground">
              {t("The invitation must have been sent to this email address.")}
            </p>
            <Button
              type="button"
              className="justify-self-start"
              disabled={isPending}
              onClick={() => void accept()}
            >
              {isPending ? t("Accepting...") : t("Accept the invitation")}
            </Button>
          </>
        ) : (
          <p>{t(EVALUATION_MESSAGES.invitationInvalid)}</p>
        )}
        {error ? <InlineAlert>{error}</InlineAlert> : null}
      </Card>
    </div>
  );
}
