import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { useAuth } from "@web/lib/auth.ts";
import { formatDate } from "@web/lib/format.ts";
import { publicSettingsQueryOptions } from "@web/lib/site-settings.ts";
import { CalendarDays } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { indiaToday } from "../../../../shared/home.ts";
import { readTarget, type Target, writeTarget } from "../lib/target-exam.ts";

// The dialog (and Radix) loads only when someone opens it: the home page stays light.
const TargetExamDialog = lazy(async () => ({
  default: (await import("./target-exam-dialog.tsx")).TargetExamDialog,
}));

/**
 * Days from today to `date`, both India's calendar days (the exam's): the same count on the server
 * and in the browser, whatever their zones, so the rendered page hydrates on the same text.
 */
function daysUntil(date: string): number {
  return Math.round((Date.parse(date) - Date.parse(indiaToday())) / 86_400_000);
}

/**
 * The exam the visitor prepares for and its date (the site's default from Site Settings), with a
 * countdown. 'Change Exam' sets a personal target on this device.
 */
export function ExamHeader() {
  const { t } = useTranslation();
  const settings = useQuery(publicSettingsQueryOptions).data;
  // A personal target is on this device only: read once the server's page is taken over, so the
  // first render matches the server's (the site's exam).
  const [target, setTarget] = useState<Target | null>(null);
  useEffect(() => setTarget(readTarget()), []);
  const [isOpen, setIsOpen] = useState(false);
  const name = target?.name ?? settings?.examName ?? "UPSC IAS";
  // Until the settings arrive there is no date to show (never a stale built-in one).
  const date = target?.date ?? settings?.examDate ?? null;
  // A past date never counts down into negative days: it says so (and admins are asked to fix it).
  const days = date ? daysUntil(date) : 0;
  const auth = useAuth();
  const isAdmin = auth.status === "signed-in" && auth.role === "admin";

  const save = (next: Target | null) => {
    writeTarget(next);
    setTarget(next);
    setIsOpen(false);
  };

  return (
    <section
      aria-label={t("Your exam")}
      className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-background p-4"
    >
      <CalendarDays className="size-8 text-primary" aria-hidden="true" />
      <div className="mr-auto grid">
        <p className="text-lg font-bold leading-tight">{name}</p>
        <p className="text-sm text-muted-foreground">
          {!date
            ? "\u00a0"
            : days < 0
              ? t("The {{date}} exam is over. The next date is not set yet.", {
                  date: formatDate(date),
                })
              : `${t("Exam date: {{date}}", { date: formatDate(date) })} · ${
                  days === 0
                    ? t("today, all the best!")
                    : days === 1
                      ? t("1 day to go")
                      : t("{{days}} days to go", { days })
                }`}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={() => setIsOpen(true)}>
        {t("Change Exam")}
      </Button>
      {days < 0 && isAdmin && !target ? (
        <p role="status" className="basis-full text-sm">
          {t("The configured exam date has passed.")}{" "}
          <Link to="/admin/settings" className="font-medium text-primary underline">
            {t("Set the next exam date in Site Settings")}
          </Link>
        </p>
      ) : null}
      {isOpen ? (
        <Suspense fallback={null}>
          <TargetExamDialog
            initial={{ name, date: date ?? "" }}
            hasCustomTarget={target !== null}
            onClose={() => setIsOpen(false)}
            onSave={save}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
