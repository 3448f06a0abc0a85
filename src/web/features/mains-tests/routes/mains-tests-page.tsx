import { PageHeader } from "@web/components/layout/page-header.tsx";
import { LocalText } from "@web/components/local-text.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import { CalendarPlus, TrendingUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type MainsSeriesGroup, seriesCalendarPath, useMainsTests } from "../api/mains-tests.ts";
import { MainsTestCard } from "../components/mains-test-card.tsx";

function SeriesSection({ series }: { series: MainsSeriesGroup }) {
  const { t } = useTranslation();
  return (
    <section className="grid gap-3" aria-label={series.id ? series.title : t("Other Mains tests")}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="grid gap-0.5">
          {series.id ? (
            <LocalText
              as="h2"
              english={series.title}
              hindi={series.titleHi}
              className="text-lg font-semibold"
            />
          ) : (
            <h2 className="text-lg font-semibold">{t("Other Mains tests")}</h2>
          )}
          {series.description ? (
            <LocalText
              as="p"
              english={series.description}
              hindi={series.descriptionHi}
              className="text-sm text-muted-foreground"
            />
          ) : null}
        </div>
        {series.id ? (
          <Button asChild size="sm" variant="outline">
            <a href={seriesCalendarPath(series.id)} download>
              <CalendarPlus aria-hidden="true" />
              {t("Add to calendar")}
            </a>
          </Button>
        ) : null}
      </div>
      <ul className="grid gap-3 md:grid-cols-2">
        {series.tests.map((test) => (
          <MainsTestCard key={test.id} test={test} />
        ))}
      </ul>
    </section>
  );
}

/**
 * /student/mains-tests (decision 063): the published Mains tests by series, each with its window,
 * where the student stands and the next step; "Add to calendar" per series, and the way to the
 * series' progress.
 */
export function MainsTestsPage() {
  const { t } = useTranslation();
  const list = useMainsTests();
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-6">
      <PageHeader
        title={t("Mains tests")}
        description={t(
          "Full-length Mains papers: write in the window, upload one booklet, get marks and a rank.",
        )}
        backTo="/student/dashboard"
        actions={
          <Button asChild variant="outline" size="sm">
            <Link to="/student/mains-tests/progress">
              <TrendingUp aria-hidden="true" />
              {t("Progress")}
            </Link>
          </Button>
        }
      />
      <QueryContent
        query={list}
        loadingLabel={t("Loading Mains tests...")}
        errorTitle={t("Error loading Mains tests")}
        isEmpty={(data) => data.series.length === 0}
        empty={
          <EmptyState
            title={t("No Mains tests yet.")}
            description={t("New tests appear here with their windows. Check back soon.")}
          />
        }
      >
        {(data) => (
          <div className="grid gap-8">
            {data.series.map((series) => (
              <SeriesSection key={series.id ?? "none"} series={series} />
            ))}
          </div>
        )}
      </QueryContent>
    </div>
  );
}
