import { useTranslation } from "react-i18next";
import { dashboardPathFor, useAuth } from "./auth.ts";

/**
 * The way back from a page anyone may open: a signed-in user's dashboard, a visitor's home page
 * (a visitor has no dashboard, so never reads "Back to Dashboard").
 */
export function useBackLink(): { to: string; label: string } {
  const { t } = useTranslation();
  const auth = useAuth();
  return auth.status === "signed-in"
    ? { to: dashboardPathFor(auth.role), label: t("Back to Dashboard") }
    : { to: "/", label: t("Back to Home") };
}
