import { LanguageSwitch } from "@web/components/language/language-switch.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { useAuth, useSignOut } from "@web/lib/auth.ts";
import { useAppTitle } from "@web/lib/site-settings.ts";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { StudentHeaderLinks } from "./student-nav.tsx";

/** Sticky header: product name, the student's links (desktop), and the one Logout in the app. */
export function SiteHeader() {
  const { t } = useTranslation();
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
        <Link
          to="/"
          className="mr-auto inline-flex min-h-10 min-w-0 items-center truncate text-lg font-bold text-primary"
        >
          <span className="truncate">{appTitle}</span>
        </Link>
        {auth.status === "signed-in" ? (
          <>
            {auth.role === "student" ? <StudentHeaderLinks /> : null}
            <span className="hidden truncate text-sm text-muted-foreground lg:inline">
              {t("Welcome, {{name}}!", { name: auth.displayName })}
            </span>
            {auth.role === "admin" ? (
              <Button asChild size="sm" variant="secondary">
                <Link to="/admin/dashboard">{t("Admin")}</Link>
              </Button>
            ) : (
              <Button asChild size="sm" variant="secondary">
                <Link to="/student/dashboard">{t("Dashboard")}</Link>
              </Button>
            )}
            <LanguageSwitch />
            <Button size="sm" variant="outline" onClick={handleLogout}>
              {t("Logout")}
            </Button>
          </>
        ) : auth.status === "signed-out" ? (
          <>
            <LanguageSwitch />
            {/* On phones the home page links the news; the header keeps room for the title. */}
            <Button asChild size="sm" variant="ghost" className="hidden sm:inline-flex">
              <Link to="/news">{t("News")}</Link>
            </Button>
            <Button asChild size="sm" variant="outline">
              <Link to="/login">{t("Login")}</Link>
            </Button>
            <Button asChild size="sm">
              <Link to="/register">{t("Register")}</Link>
            </Button>
          </>
        ) : null}
      </div>
      {auth.status === "signed-in" ? (
        <p className="truncate border-t border-border px-4 py-1 text-sm text-muted-foreground lg:hidden">
          {t("Welcome, {{name}}!", { name: auth.displayName })}
        </p>
      ) : null}
    </header>
  );
}
