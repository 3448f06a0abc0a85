import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "@web/components/layout/page-header.tsx";
import { LiveClassCard } from "@web/components/live-classes/live-class-card.tsx";
import { Pagination } from "@web/components/ui/pagination.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import { useBackLink } from "@web/lib/back-link.ts";
import { cn } from "@web/lib/cn.ts";
import { liveClassesFilterOf, liveClassesQueryOptions } from "@web/lib/live-classes.ts";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { LiveClassWhen } from "../../../../shared/live-classes.ts";

/**
 * /live-classes (decision 043): the classes live now and coming up, soonest first, and the past
 * ones with their recordings. Open to visitors: premium classes show their lock, and joining asks
 * for an account.
 */
export function LiveClassesPage() {
  const { t } = useTranslation();
  const back = useBackLink();
  const [params, setParams] = useSearchParams();
  const filter = liveClassesFilterOf(params);
  const { when, page } = filter;
  const list = useQuery(liveClassesQueryOptions(filter));
  const tabs: { value: LiveClassWhen; label: string }[] = [
    { value: "upcoming", label: t("Upcoming") },
    { value: "past", label: t("Past classes") },
  ];
  return (
    <div className="mx-auto grid max-w-4xl gap-5 px-4 py-6">
      <PageHeader
        title={t("Live Classes")}
        description={t(
          "Join a class live, add it to your calendar, or watch its recording afterwards.",
        )}
        backTo={back.to}
        backLabel={t(back.label)}
      />
      <nav aria-label={t("Live classes")} className="flex gap-1 rounded-lg bg-background p-1">
        {tabs.map((tab) => (
          <button
            key={tab.value}
            type="button"
            aria-current={tab.value === when ? "page" : undefined}
            onClick={() => setParams(tab.value === "past" ? { when: "past" } : {})}
            className={cn(
              "flex-1 rounded-md px-3 py-2 text-center text-sm font-medium",
              tab.value === when ? "bg-primary text-primary-foreground" : "hover:bg-muted",
            )}
          >
            {tab.label}
          </button>
        ))}
      </nav>
      <QueryContent
        query={list}
        loadingLabel={t("Loading live classes...")}
        errorTitle={t("Error loading live classes")}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState
            title={when === "past" ? t("No past classes yet.") : t("No classes scheduled.")}
            description={
              when === "past"
                ? undefined
                : t("New classes appear here with their dates and times. Check back soon.")
            }
          />
        }
      >
        {(data) => (
          <>
            <div className="grid gap-3 md:grid-cols-2" aria-busy={list.isFetching}>
              {data.items.map((liveClass) => (
                <LiveClassCard key={liveClass.id} liveClass={liveClass} headingLevel="h2" />
              ))}
            </div>
            <Pagination
              page={page}
              pageSize={filter.pageSize}
              total={data.total}
              onPageChange={(next) =>
                setParams({ ...(when === "past" ? { when } : {}), page: String(next) })
              }
            />
          </>
        )}
      </QueryContent>
    </div>
  );
}
