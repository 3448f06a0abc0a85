import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { useAuth, useSignOut } from "@web/lib/auth.ts";
import { publicSettingsQueryOptions, useAppTitle } from "@web/lib/site-settings.ts";
import { useEffect } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { LoadingOverlay } from "./loading-overlay.tsx";
import { MaintenanceNotice, MaintenancePage } from "./maintenance-page.tsx";
import { useMaintenanceMode } from "./use-maintenance.ts";

// Open during maintenance, so an admin can log in and switch it off.
const AUTH_PATHS = ["/login", "/forgot-password", "/reset-password"];

function Header() {
  const auth = useAuth();
  const appTitle = useAppTitle();
  const signOut = useSignOut();
  const navigate = useNavigate();

  const handleLogout = async () => {
    await signOut();
    navigate("/login", { replace: true });
  };

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4">
        <Link to="/" className="mr-auto truncate text-lg font-bold text-primary">
          {appTitle}
        </Link>
        {auth.status === "signed-in" ? (
          <>
            <span className="hidden truncate text-sm text-muted-foreground sm:inline">
              Welcome, {auth.displayName}!
            </span>
            {auth.role === "admin" ? (
              <Button asChild size="sm" variant="secondary">
                <Link to="/admin/dashboard">Admin</Link>
              </Button>
            ) : (
              <Button asChild size="sm" variant="secondary">
                <Link to="/student/dashboard">Dashboard</Link>
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={handleLogout}>
              Logout
            </Button>
          </>
        ) : auth.status === "signed-out" ? (
          <>
            <Button asChild size="sm" variant="outline">
              <Link to="/login">Login</Link>
            </Button>
            <Button asChild size="sm">
              <Link to="/register">Register</Link>
            </Button>
          </>
        ) : null}
      </div>
      {auth.status === "signed-in" ? (
        <p className="truncate border-t border-border px-4 py-1 text-sm text-muted-foreground sm:hidden">
          Welcome, {auth.displayName}!
        </p>
      ) : null}
    </header>
  );
}

function Footer() {
  const appTitle = useAppTitle();
  const settings = useQuery(publicSettingsQueryOptions).data;
  return (
    <footer className="mt-auto border-t border-border bg-background">
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:justify-between">
        <p>
          © {new Date().getFullYear()} {appTitle}. All rights reserved.
        </p>
        {settings?.contactEmail ? (
          <a className="hover:underline" href={`mailto:${settings.contactEmail}`}>
            {settings.contactEmail}
          </a>
        ) : null}
      </div>
    </footer>
  );
}

export function MainLayout() {
  const auth = useAuth();
  const appTitle = useAppTitle();
  const location = useLocation();
  const isMaintenance =
    useMaintenanceMode() && !(auth.status === "signed-in" && auth.role === "admin");
  const isAuthPage = AUTH_PATHS.some((p) => location.pathname.startsWith(p));
  useEffect(() => {
    document.title = appTitle;
  }, [appTitle]);

  if (auth.status === "loading") return <LoadingOverlay />;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        {isMaintenance && isAuthPage ? <MaintenanceNotice /> : null}
        {isMaintenance && !isAuthPage ? <MaintenancePage appTitle={appTitle} /> : <Outlet />}
      </main>
      <Footer />
    </div>
  );
}
