import { BarChart3, CalendarCheck, ClipboardList, Languages, Newspaper } from "lucide-react";
import { useTranslation } from "react-i18next";
import { msg } from "../../../../shared/i18n/msg.ts";

/** What the product really does today (nothing that is still to come). */
const OFFERS = [
  {
    icon: ClipboardList,
    title: msg("Timed mock tests and previous-year papers"),
    text: msg("UPSC-style papers with negative marking where the real paper has it."),
  },
  {
    icon: BarChart3,
    title: msg("Rank, percentile and a report"),
    text: msg("After every test: your standing, weak topics and time per question."),
  },
  {
    icon: CalendarCheck,
    title: msg("A daily current affairs quiz"),
    text: msg("Ten minutes a day, with explanations and your rank."),
  },
  {
    icon: Newspaper,
    title: msg("Daily news analysis"),
    text: msg("The news that matters for Prelims and Mains, explained."),
  },
  {
    icon: Languages,
    title: msg("English and Hindi"),
    text: msg("The whole app, and the questions that have a translation, in either language."),
  },
];

/** A visitor's first look at what the product offers. */
export function ProductOffer() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="what-you-get" className="grid gap-3">
      <h2 id="what-you-get" className="text-lg font-semibold">
        {t("What you get")}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {OFFERS.map((offer) => (
          <li
            key={offer.title}
            className="flex gap-3 rounded-lg border border-border bg-background p-4 lg:flex-col"
          >
            <offer.icon className="size-6 shrink-0 text-primary" aria-hidden="true" />
            <div className="grid gap-1">
              <p className="font-semibold leading-snug">{t(offer.title)}</p>
              <p className="text-sm text-muted-foreground">{t(offer.text)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
