import { Badge } from "@web/components/ui/badge.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { formatNumber, formatSignedMarks } from "@web/lib/format.ts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { msg } from "../../../../shared/i18n/msg.ts";
import { formatIndianNumber } from "../../../../shared/indian-number.ts";
import { type KappaReading, kappaReading } from "../../../../shared/kappa.ts";

/** Kappa, pairs and mean differences of one set of pairs (a test, a paper, a mentor). */
export type Figures = {
  pairs: number;
  kappa: number | null;
  meanDifferenceMarks: number | null;
  meanDifferenceBands: number | null;
};

const READING_LABELS: Record<KappaReading, string> = {
  strong: msg("Strong agreement"),
  substantial: msg("Substantial agreement"),
  moderate: msg("Moderate agreement"),
  weak: msg("Weak agreement"),
};
const NO_SPREAD = msg("Not enough spread");

/** "0.44" with two decimals; a dash when there is no kappa. */
export function formatKappa(kappa: number | null): string {
  return kappa === null
    ? "—"
    : formatIndianNumber(kappa, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(
        "-",
        "\u2212",
      );
}

/** A signed difference ("+1.4", "−2.8"), a dash without pairs. */
export const formatDifference = (value: number | null) =>
  value === null ? "—" : formatSignedMarks(value);

/** The plain-language reading of kappa: strong, substantial, moderate, weak; or no spread. */
export function useKappaReading() {
  const { t } = useTranslation();
  return (kappa: number | null, pairs: number) => {
    if (pairs === 0) return t("No pairs yet");
    const reading = kappaReading(kappa);
    return reading ? t(READING_LABELS[reading]) : t(NO_SPREAD);
  };
}

export function Figure(props: { label: string; value: string; detail?: ReactNode }) {
  return (
    <Card className="grid content-start gap-1 p-4">
      <dt className="text-sm text-muted-foreground">{props.label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{props.value}</dd>
      {props.detail ? <dd className="text-xs text-muted-foreground">{props.detail}</dd> : null}
    </Card>
  );
}

/** The four figures of a set of pairs, kappa first with its reading. */
export function AgreementFigures({ figures }: { figures: Figures }) {
  const { t } = useTranslation();
  const reading = useKappaReading();
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <Figure
        label={t("Kappa (weighted)")}
        value={formatKappa(figures.kappa)}
        detail={<Badge variant="outline">{reading(figures.kappa, figures.pairs)}</Badge>}
      />
      <Figure
        label={t("Double-marked answers")}
        value={formatNumber(figures.pairs)}
        detail={t("Pairs of a first and a second marking")}
      />
      <Figure
        label={t("Mean difference (marks)")}
        value={formatDifference(figures.meanDifferenceMarks)}
        detail={t("First marking minus second")}
      />
      <Figure
        label={t("Mean difference (bands)")}
        value={formatDifference(figures.meanDifferenceBands)}
        detail={t("Bands of a tenth of the question's marks")}
      />
    </dl>
  );
}

/** A mean difference in marks over the same in bands, each signed; a dash without pairs. */
export function MeanDifference(props: { marks: number | null; bands: number | null }) {
  const { t } = useTranslation();
  if (props.marks === null || props.bands === null)
    return <span className="text-muted-foreground">—</span>;
  return (
    <span className="grid tabular-nums">
      <span>
        {t("{{value}} marks", {
          count: Math.abs(props.marks),
          value: formatSignedMarks(props.marks),
        })}
      </span>
      <span className="text-xs text-muted-foreground">
        {t("{{value}} bands", {
          count: Math.abs(props.bands),
          value: formatSignedMarks(props.bands),
        })}
      </span>
    </span>
  );
}

/** "Runs high" / "Runs low", or nothing. */
export function FlagBadge({ flag }: { flag: "high" | "low" | null }) {
  const { t } = useTranslation();
  if (flag === null) return <span className="text-muted-foreground">—</span>;
  return (
    <Badge variant="warning" className="w-fit whitespace-nowrap">
      {flag === "high" ? t("Runs high") : t("Runs low")}
    </Badge>
  );
}
