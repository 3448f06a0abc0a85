import { Button } from "@web/components/ui/button.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PLANS_PATH } from "../../../shared/subscriptions.ts";

/**
 * A form's refused submission, above its button: the server's words, and "View Plans" when the
 * refusal is the plan's limit.
 */
export function RefusalAlert(props: { message: string; offerPlans: boolean }) {
  const { t } = useTranslation();
  return (
    <InlineAlert
      as="div"
      className="grid gap-2 rounded-md border border-destructive/40 p-3 text-sm"
    >
      <p>{props.message}</p>
      {props.offerPlans ? (
        <Button asChild size="sm" className="justify-self-start">
          <Link to={PLANS_PATH}>{t("View Plans")}</Link>
        </Button>
      ) : null}
    </InlineAlert>
  );
}
