import { ChevronLeft, ChevronRight } from "lucide-react";
import { pageCount } from "../../../shared/page.ts";
import { Button } from "./button.tsx";

export function Pagination(props: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}) {
  const pages = pageCount(props);
  if (props.total <= props.pageSize) return null;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-2 text-sm">
      <span className="text-muted-foreground">
        Page {props.page} of {pages} ({props.total.toLocaleString("en-IN")} in all)
      </span>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={props.page <= 1}
          onClick={() => props.onPageChange(props.page - 1)}
        >
          <ChevronLeft aria-hidden="true" /> Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={props.page >= pages}
          onClick={() => props.onPageChange(props.page + 1)}
        >
          Next <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
