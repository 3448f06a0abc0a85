import { Button } from "@web/components/ui/button.tsx";
import { BarChart3, Table2 } from "lucide-react";
import { type ReactNode, Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ANALYSIS_TEXT } from "../../../../shared/analysis.ts";
import { ScrollRegion } from "./scroll-region.tsx";

/** Phones get the table first: a chart 350 px wide says less than its figures. */
function prefersTable(): boolean {
  return (
    typeof window !== "undefined" && window.matchMedia?.("(max-width: 639px)").matches === true
  );
}

/**
 * A chart with its table alternative (decision 037). The chart is a picture for sighted users
 * (aria-hidden); the table is always there for screen readers, and a button swaps the two on
 * screen. Phones start with the table (and so never load the chart library unless asked).
 */
export function ChartFigure(props: { title: string; chart: ReactNode; table: ReactNode }) {
  const { t } = useTranslation();
  const [showTable, setShowTable] = useState(prefersTable);
  const captionId = useId();
  return (
    <figure aria-labelledby={captionId} className="grid min-w-0 gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <figcaption id={captionId} className="text-sm font-semibold">
          {props.title}
        </figcaption>
        <Button
          type="button"
          size="sm"
          variant="outline"
          aria-pressed={showTable}
          onClick={() => setShowTable((v) => !v)}
        >
          {showTable ? <BarChart3 aria-hidden="true" /> : <Table2 aria-hidden="true" />}
          {showTable ? t(ANALYSIS_TEXT.showChart) : t(ANALYSIS_TEXT.showTable)}
          <span className="sr-only">: {props.title}</span>
        </Button>
      </div>
      {showTable ? null : (
        // inert: a picture only; nothing in it takes focus (the table has the figures).
        <div aria-hidden="true" inert className="h-64 w-full min-w-0">
          <Suspense fallback={<div className="h-full w-full animate-pulse rounded-md bg-muted" />}>
            {props.chart}
          </Suspense>
        </div>
      )}
      {showTable ? (
        <ScrollRegion label={t("Table: {{title}}", { title: props.title })}>
          {props.table}
        </ScrollRegion>
      ) : (
        // Visually hidden, the table's scroll box must not scroll (an unfocusable scroll region).
        <div className="sr-only [&_div]:overflow-visible">{props.table}</div>
      )}
    </figure>
  );
}
