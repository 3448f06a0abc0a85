import { dashboardPathFor, useAuth } from "@web/lib/auth.ts";
import { notify } from "@web/lib/toast.ts";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import type { Role } from "../../../shared/constants.ts";

/**
 * Spec guard: 'Loading...' while the session loads, /login (remembering the target) without a
 * session, and the user's own dashboard for a role the route does not allow. The server checks
 * every API call again; this only spares the user a page they cannot use.
 */
/** Sends a visitor to /login (remembering the target), first saying why when asked to. */
function ToLogin(props: { from: string; toast?: { title: string; description: string } }) {
  const { toast } = props;
  const { t } = useTranslation();
  useEffect(() => {
    if (toast) notify.info(t(toast.title), t(toast.description));
  }, [toast, t]);
  return <Navigate to="/login" replace state={{ from: props.from }} />;
}

export function RequireRole({
  roles,
  loginToast,
}: {
  roles: Role[];
  /** e.g. quizzes: 'Login Required' ('Please log in to attempt quizzes.'). */
  loginToast?: { title: string; description: string };
}) {
  const { t } = useTranslation();
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === "loading") {
    return (
      <p role="status" className="p-8 text-center text-muted-foreground">
        {t("Loading...")}
      </p>
    );
  }
  if (auth.status === "signed-out") {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <ToLogin from={from} toast={loginToast} />;
  }
  if (!roles.includes(auth.role)) return <Navigate to={dashboardPathFor(auth.role)} replace />;
  return <Outlet />;
}
