import { LocalText } from "@web/components/local-text.tsx";
import { formatDate } from "@web/lib/format.ts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { msg } from "../../../../shared/i18n/msg.ts";
import { useLatestNews } from "../api/home-lists.ts";
import { HomeList } from "./home-list.tsx";

/** The newest daily news analyses, so the section is one tap from home. */
export function LatestNews() {
  const { t } = useTranslation();
  const news = useLatestNews();
  return (
    <HomeList
      title={t("Daily News Analysis")}
      items={msg("news")}
      query={news}
      keyOf={(n) => n.id}
      action={
        <Link to="/news" className="text-sm font-medium text-primary hover:underline">
          {t("View all")}
        </Link>
      }
      render={(n) => (
        <Link
          to={`/news/${n.id}`}
          className="grid h-full content-start gap-2 rounded-lg border border-border bg-background p-4 shadow-sm hover:border-primary"
        >
          <p className="text-xs text-muted-foreground">{formatDate(n.publishedDate)}</p>
          <LocalText
            as="p"
            english={n.title}
            hindi={n.titleHi}
            className="line-clamp-3 font-semibold"
          />
        </Link>
      )}
    />
  );
}
