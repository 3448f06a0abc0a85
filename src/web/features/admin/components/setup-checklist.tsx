import { formatDate } from "@web/lib/format.ts";
import { CheckCircle2, Circle, ListChecks } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SetupItem } from "../../../../shared/setup-checklist.ts";
import { useSetupChecklist } from "../api/get-setup-checklist.ts";

/** One item's words and the screen where it is fixed. */
function useItemText(item: SetupItem): { title: string; detail: string; to: string } {
  const { t } = useTranslation();
  // A calendar date (yyyy-mm-dd) read as local midnight, written in the interface's language.
  const date = (iso: string) => formatDate(new Date(`${iso}T00:00:00`));
  switch (item.id) {
    case "app-title":
      return {
        title: t("Name your site"),
        detail: t("Students see “My Exam App” until you set your own title."),
        to: "/admin/settings",
      };
    case "contact-email":
      return {
        title: t("Set your contact email"),
        detail: t("Students are told to write to contact@example.com until you change it."),
        to: "/admin/settings",
      };
    case "logo":
      return {
        title: t("Upload your logo"),
        detail: t(
          "The header and link previews show your logo instead of the title and a generic icon.",
        ),
        to: "/admin/settings",
      };
    case "exam-date":
      return item.passed
        ? {
            title: t("Set the next exam date"),
            detail: t("The exam date {{date}} has passed: the home page says the exam is over.", {
              date: date(item.examDate),
            }),
            to: "/admin/settings",
          }
        : {
            title: t("Next exam date"),
            detail: t("The home page counts down to {{date}}.", {
              date: date(item.examDate),
            }),
            to: "/admin/settings",
          };
    case "razorpay":
      return {
        title: t("Connect Razorpay"),
        detail: t("Add your key id and secret and switch payments on, so students can buy plans."),
        to: "/admin/payment-settings",
      };
    case "legal-pages":
      return {
        title: t("Write your legal pages"),
        detail: t(
          "Write the terms, refund, privacy, about and contact pages, or review each demo text and save it as your own.",
        ),
        to: "/admin/legal-pages",
      };
  }
}

function ChecklistItem({ item }: { item: SetupItem }) {
  const { t } = useTranslation();
  const text = useItemText(item);
  const Icon = item.done ? CheckCircle2 : Circle;
  return (
    <li className="flex items-start gap-3 py-3">
      <Icon
        aria-hidden="true"
        className={`mt-0.5 size-5 shrink-0 ${item.done ? "text-green-700" : "text-muted-foreground"}`}
      />
      <div className="grid flex-1 gap-0.5">
        <Link to={text.to} className="font-medium text-primary underline-offset-2 hover:underline">
          {text.title}
        </Link>
        <p className="text-sm text-muted-foreground">{text.detail}</p>
      </div>
      <span
        className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${item.done ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-950"}`}
      >
        {item.done ? t("Done") : t("To do")}
      </span>
    </li>
  );
}

/**
 * What a fresh install still shows students (the placeholder title and email, no logo, a past
 * exam date, the demo legal pages) or cannot do (take payments), each linked to where it is
 * fixed; shown until all are done.
 */
export function SetupChecklist() {
  const { t } = useTranslation();
  const checklist = useSetupChecklist();
  if (!checklist.data || checklist.data.done) return null;
  const { items } = checklist.data;
  const done = items.filter((item) => item.done).length;
  return (
    <section
      aria-labelledby="setup-checklist"
      className="grid gap-2 rounded-lg border border-border bg-background p-4"
    >
      <div className="flex items-start gap-3">
        <ListChecks aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
        <div className="grid gap-0.5">
          <h2 id="setup-checklist" className="text-lg font-semibold">
            {t("Finish setting up your site")}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t(
              "{{done}} of {{total}} done. Students see these, so set them before you share the site.",
              {
                done,
                total: items.length,
              },
            )}
          </p>
        </div>
      </div>
      <ul className="divide-y divide-border">
        {items.map((item) => (
          <ChecklistItem key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}
