import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@web/components/ui/table.tsx";
import { usePickText } from "@web/lib/content-language.ts";
import { formatDate, formatNumber } from "@web/lib/format.ts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import {
  MAINS_PAPER_LABELS,
  MAINS_PAPERS,
  type MainsPaper,
} from "../../../../shared/mains-papers.ts";
import { type Agreement, useAgreement } from "../api/agreement.ts";
import {
  AgreementFigures,
  formatKappa,
  MeanDifference,
  useKappaReading,
} from "../components/agreement-figures.tsx";
import { MentorAgreementTable } from "../components/mentor-agreement-table.tsx";
import { MethodNote } from "../components/method-note.tsx";

function Section(props: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3" aria-labelledby={props.id}>
      <h2 id={props.id} className="text-lg font-semibold">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

const isPaper = (value: string | null): value is MainsPaper =>
  (MAINS_PAPERS as readonly string[]).includes(value ?? "");

/** Per paper (every paper's view) or per test: pairs, kappa and its reading, mean differences. */
function FiguresTable(props: {
  caption: string;
  first: string;
  rows: (Agreement["overall"] & { key: string; label: ReactNode })[];
}) {
  const { t } = useTranslation();
  const reading = useKappaReading();
  return (
    <Table stackOnPhones>
      <caption className="sr-only">{props.caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>{props.first}</TableHead>
          <TableHead className="text-right">{t("Pairs")}</TableHead>
          <TableHead>{t("Kappa")}</TableHead>
          <TableHead>{t("Mean difference")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {props.rows.map((row) => (
          <TableRow key={row.key}>
            <TableCell label={props.first} className="font-medium">
              {row.label}
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
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function AgreementView({ data }: { data: Agreement }) {
  const { t } = useTranslation();
  const pick = usePickText();
  return (
    <div className="grid gap-8">
      <AgreementFigures figures={data.overall} />
      {data.paper === null ? (
        <Section id="agreement-papers" title={t("By paper")}>
          <FiguresTable
            caption={t("Agreement by paper")}
            first={t("Paper")}
            rows={data.papers.map((row) => ({
              ...row,
              key: row.paper,
              label: t(MAINS_PAPER_LABELS[row.paper]),
            }))}
          />
        </Section>
      ) : null}
      <Section id="agreement-tests" title={t("By test")}>
        <FiguresTable
          caption={t("Agreement by test")}
          first={t("Test")}
          rows={data.tests.map((row) => {
            const title = pick(row.title, row.titleHi);
            return {
              ...row,
              key: row.id,
              label: (
                <span className="grid gap-0.5">
                  <Link
                    to={`/admin/mains-tests/${row.id}/calibration`}
                    lang={title.lang}
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    {title.text}
                  </Link>
                  <span className="text-xs font-normal text-muted-foreground">
                    {t(MAINS_PAPER_LABELS[row.paper])} · {formatDate(row.opensAt)}
                  </span>
                </span>
              ),
            };
          })}
        />
      </Section>
      <Section id="agreement-mentors" title={t("By mentor")}>
        <MentorAgreementTable mentors={data.mentors} caption={t("Agreement by mentor")} />
      </Section>
      <MethodNote />
    </div>
  );
}

/**
 * /admin/mains-calibration, "Examiner agreement" (decision 063): how far Mains examiners agree
 * across tests, for one paper or all: overall, by paper, by test (each linking to its marking
 * calibration) and by mentor with the runs-high and runs-low flags.
 */
export function ExaminerAgreementPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const chosen = params.get("paper");
  const paper = isPaper(chosen) ? chosen : null;
  const agreement = useAgreement(paper);
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6">
      <PageHeader
        title={t("Examiner agreement")}
        description={t("How far Mains examiners agree with each other, from blind double marking.")}
      />
      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor="agreement-paper">{t("Paper")}</Label>
        <Select
          id="agreement-paper"
          value={paper ?? ""}
          onChange={(event) =>
            setParams(event.target.value ? { paper: event.target.value } : {}, { replace: true })
          }
        >
          <option value="">{t("All papers")}</option>
          {MAINS_PAPERS.map((p) => (
            <option key={p} value={p}>
              {t(MAINS_PAPER_LABELS[p])}
            </option>
          ))}
        </Select>
      </div>
      <QueryContent
        query={agreement}
        loadingLabel={t("Loading the agreement...")}
        errorTitle={t("Error loading the examiner agreement")}
        isEmpty={(data) => data.overall.pairs === 0}
        empty={
          <EmptyState
            title={t("No double-marked answers yet")}
            description={t(
              "A share of every test's answers is marked a second time, blind. Their pairs appear here once both markings are done.",
            )}
          />
        }
      >
        {(data) => <AgreementView data={data} />}
      </QueryContent>
    </div>
  );
}
