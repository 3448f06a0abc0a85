import { formatDate } from "@web/lib/format.ts";
import { Link } from "react-router";
import { useLatestNews } from "../api/home-lists.ts";
import { HomeList } from "./home-list.tsx";

/** The newest daily news analyses, so the section is one tap from home. */
export function LatestNews() {
  const news = useLatestNews();
  return (
    <HomeList
      title="Daily News Analysis"
      items="news"
      query={news}
      keyOf={(n) => n.id}
      action={
        <Link to="/news" className="text-sm font-medium text-primary hover:underline">
          View all
        </Link>
      }
      render={(n) => (
        <Link
          to={`/news/${n.id}`}
          className="grid h-full content-start gap-2 rounded-lg border border-border bg-background p-4 shadow-sm hover:border-primary"
        >
          <p className="text-xs text-muted-foreground">{formatDate(n.publishedDate)}</p>
          <p className="line-clamp-3 font-semibold">{n.title}</p>
        </Link>
      )}
    />
  );
}
