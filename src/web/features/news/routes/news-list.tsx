import { Card } from "@web/components/ui/card.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import { usePickText } from "@web/lib/content-language.ts";
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { NEWS_MESSAGES } from "../../../../shared/news-constants.ts";
import { useNewsList } from "../api/list-news.ts";
import { NewsPager } from "../components/news-pager.tsx";
import { formatPublishedDate } from "../news-date.ts";

export function NewsListPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get("page") ?? "1", 10) || 1);
  const news = useNewsList(page);
  const pick = usePickText();

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("Daily News Analysis")}</h1>
        <p className="text-muted-foreground">
          {t("The day's news, analysed for UPSC civil-services preparation.")}
        </p>
      </div>
      <QueryContent
        query={news}
        loadingLabel={t("Loading news...")}
        errorTitle={t("Failed to Load News")}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState
            title={t("No News Available Yet")}
            description={t("Check back soon for the latest analysis.")}
          />
        }
      >
        {(data) => (
          <>
            <ul className="grid gap-4 md:grid-cols-2">
              {data.items.map((item) => {
                const title = pick(item.title, item.titleHi);
                const excerpt = pick(item.excerpt ?? "", item.excerptHi);
                return (
                  <li key={item.id}>
                    <Card className="flex h-full flex-col gap-3 p-5">
                      <h2 lang={title.lang} className="text-lg font-semibold leading-snug">
                        <Link
                          to={`/news/${item.id}`}
                          className="hover:text-primary hover:underline"
                        >
                          {title.text}
                        </Link>
                      </h2>
                      <p className="text-sm text-muted-foreground">
                        <time dateTime={item.publishedDate}>
                          {formatPublishedDate(item.publishedDate)}
                        </time>
                      </p>
                      {excerpt.text ? (
                        <p lang={excerpt.lang} className="line-clamp-4 flex-1">
                          {excerpt.text}
                        </p>
                      ) : (
                        <p className="flex-1 italic text-muted-foreground">
                          {t(NEWS_MESSAGES.noSummary)}
                        </p>
                      )}
                      <Link
                        to={`/news/${item.id}`}
                        className="inline-flex items-center gap-1 self-start text-sm font-medium text-primary hover:underline"
                        aria-label={t("Read Full Analysis: {{title}}", { title: title.text })}
                      >
                        {t("Read Full Analysis")}{" "}
                        <ArrowRight className="size-4" aria-hidden="true" />
                      </Link>
                    </Card>
                  </li>
                );
              })}
            </ul>
            <NewsPager page={data.page} pageSize={data.pageSize} total={data.total} />
          </>
        )}
      </QueryContent>
    </div>
  );
}
