import { Button } from "@web/components/ui/button.tsx";
import { Flame } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Where a student sees their streak, a visitor is invited to start one (never a made-up one). */
export function SignUpInvitation() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="streak-invite-title"
      className="grid gap-3 rounded-lg border border-border bg-background p-4 sm:grid-cols-[1fr_auto] sm:items-center"
    >
      <div className="grid gap-1">
        <h2 id="streak-invite-title" className="flex items-center gap-2 font-semibold">
          <Flame className="size-5 text-orange-600" aria-hidden="true" />{" "}
          {t("Start your study streak")}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t(
            "Create a free account to track your daily study time, keep your streak going and pick up your tests where you left them.",
          )}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to="/register">{t("Sign up free")}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/login">{t("Log in")}</Link>
        </Button>
      </div>
    </section>
  );
}
