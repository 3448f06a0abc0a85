import { formatDate } from "@web/lib/format.ts";
import { Info } from "lucide-react";
import { useTranslation } from "react-i18next";
import { REGRADE_NOTE } from "../../../../shared/item-analysis.ts";

/** After an admin corrected a key and regraded, the result says so (decision 036). */
export function RegradeNote({ regradedAt }: { regradedAt: string | null | undefined }) {
  const { t } = useTranslation();
  if (!regradedAt) return null;
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-lg border border-border bg-muted/60 p-3 text-sm"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {t(REGRADE_NOTE, { date: formatDate(regradedAt) })}
    </p>
  );
}
