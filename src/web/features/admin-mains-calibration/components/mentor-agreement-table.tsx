import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@web/components/ui/table.tsx";
import { contentLang } from "@web/lib/content-language.ts";
import { formatNumber } from "@web/lib/format.ts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  type Figures,
  FlagBadge,
  formatKappa,
  MeanDifference,
  useKappaReading,
} from "./agreement-figures.tsx";

export type MentorRow = Figures & {
  mentorId: string;
  name: string | null;
  flag: "high" | "low" | null;
};

/**
 * Each mentor's pairs (where they marked either round), kappa and mean difference (their marks
 * minus the other examiner's), and the flag; `moderation` adds the test page's two columns.
 */
export function MentorAgreementTable<Row extends MentorRow>(props: {
  mentors: Row[];
  caption: string;
  moderation?: { suggested: (row: Row) => ReactNode; correction: (row: Row) => ReactNode };
}) {
  const { t } = useTranslation();
  const reading = useKappaReading();
  const { moderation } = props;
  return (
    <Table stackOnPhones>
      <caption className="sr-only">{props.caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>{t("Mentor")}</TableHead>
          <TableHead className="text-right">{t("Pairs")}</TableHead>
          <TableHead>{t("Kappa")}</TableHead>
          <TableHead>{t("Mean difference")}</TableHead>
          <TableHead>{t("Flag")}</TableHead>
          {moderation ? (
            <>
              <TableHead>{t("Suggested")}</TableHead>
              <TableHead>{t("Correction (marks)")}</TableHead>
            </>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {props.mentors.map((row) => (
          <TableRow key={row.mentorId}>
            <TableCell label={t("Mentor")} className="font-medium">
              <span lang={contentLang(row.name ?? "")}>{row.name ?? t("Former mentor")}</span>
            </TableCell>
            <TableCell label={t("Pairs")} className="text-right tabular-nums">
              {formatNumber(row.pairs)}
            </TableCell>
            <TableCell label={t("Kappa")}>
              <span className="tabular-nums">{formatKappa(row.kappa)}</span>{" "}
              <span className="text-xs text-muted-foreground">{reading(row.kappa, row.pairs)}</span>
            </TableCell>
            <TableCell label={t("Mean difference")}>
              <MeanDifference marks={row.meanDifferenceMarks} bands={row.meanDifferenceBands} />
            </TableCell>
            <TableCell label={t("Flag")}>
              <FlagBadge flag={row.flag} />
            </TableCell>
            {moderation ? (
              <>
                <TableCell label={t("Suggested")} className="tabular-nums">
                  {moderation.suggested(row)}
                </TableCell>
                <TableCell label={t("Correction (marks)")}>{moderation.correction(row)}</TableCell>
              </>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
