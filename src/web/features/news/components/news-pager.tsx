import { Button } from "@web/components/ui/button.tsx";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

const hrefFor = (page: number) => (page > 1 ? `/news?page=${page}` : "/news");

/**
 * Previous / next as real links (?page=N), so every page of the archive can be opened, shared
 * and crawled. Kept free of zod, which the shared pager pulls in through its page maths.
 */
export function NewsPager(props: { page: number; pageSize: number; total: number }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("Pagination")} className="flex items-center justify-between gap-2 text-sm">
      <span className="text-muted-foreground">
        {t("Page {{page}} of {{pages}}", { page: props.page, pages })}
      </span>
      <div className="flex gap-2">
        {props.page > 1 ? (
          <Button asChild variant="outline" size="sm">
            <Link to={hrefFor(props.page - 1)}>
              <ChevronLeft aria-hidden="true" /> {t("Previous")}
            </Link>
          </Button>
        ) : null}
        {props.page < pages ? (
          <Button asChild variant="outline" size="sm">
            <Link to={hrefFor(props.page + 1)}>
              {t("Next")} <ChevronRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
      </div>
    </nav>
  );
}
