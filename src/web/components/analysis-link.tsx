import { Button } from "@web/components/ui/button.tsx";
import { ANALYSIS_PATHS } from "@web/lib/analysis-links.ts";
import { ChartColumn } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ContentKind } from "../../shared/attempt-kinds.ts";
import { ITEM_ANALYSIS_TITLE } from "../../shared/item-analysis.ts";

/** The icon link from an admin list row to that exam's or quiz's "Question Analysis". */
export function AnalysisLink(props: { kind: ContentKind; id: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Button asChild variant="ghost" size="icon">
      <Link
        to={ANALYSIS_PATHS[props.kind](props.id)}
        aria-label={`${t(ITEM_ANALYSIS_TITLE)}: ${props.label}`}
      >
        <ChartColumn aria-hidden="true" />
      </Link>
    </Button>
  );
}
