import { dashboardPathFor, useAuth } from "@web/lib/auth.ts";
import { Navigate, Outlet, useLocation } from "react-router";
import type { Role } from "../../../shared/constants.ts";

/**
 * Spec guard: 'Loading...' while the session loads, /login (remembering the target) without a
 * session, and the user's own dashboard for a role the route does not allow. The server checks
 * every API call again; this only spares the user a page they cannot use.
 */
export function RequireRole({ roles }: { roles: Role[] }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === "loading") {
    return (
      <p role="status" className="p-8 text-center text-muted-foreground">
        Loading...
      </p>
    );
  }
  if (auth.status === "signed-out") {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  if (!roles.includes(auth.role)) return <Navigate to={dashboardPathFor(auth.role)} replace />;
  return <Outlet />;
}
