import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatIndianNumber } from "../../../shared/indian-number.ts";
import { pageCount } from "../../../shared/page.ts";
import { Button } from "./button.tsx";

export function Pagination(props: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = pageCount(props);
  if (props.total <= props.pageSize) return null;
  // Indian digit grouping in both languages ("1,23,456").
  const total = formatIndianNumber(props.total);
  return (
    <nav aria-label={t("Pagination")} className="flex items-center justify-between gap-2 text-sm">
      <span className="text-muted-foreground">
        {t("Page {{page}} of {{pages}} ({{total}} in all)", { page: props.page, pages, total })}
      </span>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={props.page <= 1}
          onClick={() => props.onPageChange(props.page - 1)}
        >
          <ChevronLeft aria-hidden="true" /> {t("Previous")}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={props.page >= pages}
          onClick={() => props.onPageChange(props.page + 1)}
        >
          {t("Next")} <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
