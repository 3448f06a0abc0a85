import { TextField } from "@web/components/form/fields.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { type Column, ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { usePickText } from "@web/lib/content-language.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDateTime, formatNumber } from "@web/lib/format.ts";
import { instantOfLocal, localOfInstant } from "@web/lib/local-datetime.ts";
import { usePageTitle } from "@web/lib/page-title.ts";
import { notify } from "@web/lib/toast.ts";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { msg } from "../../../../shared/i18n/msg.ts";
import {
  type MainsResultsTimeInput,
  mainsResultsTimeSchema,
} from "../../../../shared/mains-results-schemas.ts";
import type { BookletStatus } from "../../../../shared/mains-tests.ts";
import {
  type AdminMainsBooklet,
  type AdminMainsResults,
  adminMainsResultsQueryOptions,
  useAdminMainsSummary,
  usePublishMainsResults,
  useSetMainsResultsTime,
} from "../api/admin-mains-results.ts";

const STATUS_TEXT: Record<BookletStatus, string> = {
  writing: msg("Writing"),
  submitted: msg("Awaiting marks"),
  absent: msg("Absent"),
  evaluated: msg("Evaluated"),
};

type TimeValues = { resultsAt: string };
const timeResolver = schemaResolver<TimeValues, typeof mainsResultsTimeSchema>(
  mainsResultsTimeSchema,
  (values) => ({ resultsAt: values.resultsAt ? instantOfLocal(values.resultsAt) : null }),
);

/** When the sweeper publishes by itself, with what is evaluated by then. */
function ResultsTimeForm({ testId, summary }: { testId: string; summary: AdminMainsResults }) {
  const { t } = useTranslation();
  const save = useSetMainsResultsTime(testId);
  const form = useForm<TimeValues, unknown, MainsResultsTimeInput>({
    resolver: timeResolver,
    values: { resultsAt: localOfInstant(summary.test.resultsAt) },
  });
  const send = async (resultsAt: string | null) => {
    try {
      await save.mutateAsync(resultsAt);
      notify.success(resultsAt ? t("Results time saved") : t("Results time cleared"));
    } catch (error) {
      notify.error(t("The results time could not be saved"), errorMessage(error));
    }
  };
  const onSubmit = form.handleSubmit((input) => send(input.resultsAt));
  return (
    <FormProvider {...form}>
      <form
        onSubmit={onSubmit}
        className="grid gap-3 sm:grid-cols-[minmax(0,18rem)_auto_auto] sm:items-end"
        noValidate
      >
        <TextField
          name="resultsAt"
          type="datetime-local"
          label={t("Results time")}
          hint={t("At this time the results go out with every booklet evaluated by then.")}
        />
        <Button type="submit" variant="outline" disabled={save.isPending}>
          {t("Save time")}
        </Button>
        {summary.test.resultsAt ? (
          <Button
            type="button"
            variant="ghost"
            disabled={save.isPending}
            onClick={() => void send(null)}
          >
            {t("Clear")}
          </Button>
        ) : null}
      </form>
    </FormProvider>
  );
}

/** The counts, the publication and the results time, above the booklets. */
function Desk({ testId, summary }: { testId: string; summary: AdminMainsResults }) {
  const { t } = useTranslation();
  const publish = usePublishMainsResults(testId);
  const [confirming, setConfirming] = useState(false);
  const { counts, test } = summary;
  const run = async () => {
    try {
      const done = await publish.mutateAsync();
      notify.success(
        t("Results published"),
        t("Students ranked: {{ranked}}.", { ranked: formatNumber(done.evaluated) }),
      );
    } catch (error) {
      notify.error(t("The results could not be published"), errorMessage(error));
    }
    setConfirming(false);
  };
  const figures: [string, number][] = [
    [t("Submitted"), counts.submitted],
    [t("Evaluated"), counts.evaluated],
    [t("Awaiting marks"), counts.pending],
    [t("Absent"), counts.absent],
  ];
  return (
    <section
      aria-labelledby="results-desk"
      className="grid gap-4 rounded-lg border border-border p-4"
    >
      <h2 id="results-desk" className="sr-only">
        {t("Publication")}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-md bg-muted/50 p-3">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      {test.resultsPublishedAt ? (
        <p className="font-medium text-success">
          {t("Published on {{date}}. Booklets evaluated later join the ranks.", {
            date: formatDateTime(test.resultsPublishedAt),
          })}
        </p>
      ) : (
        <div className="grid gap-3">
          {summary.refusal ? (
            <InlineAlert className="text-sm text-muted-foreground">
              {typeof summary.refusal === "string"
                ? t(summary.refusal)
                : t(summary.refusal.key, summary.refusal.values)}
            </InlineAlert>
          ) : null}
          <Button
            className="justify-self-start"
            disabled={!summary.publishable || publish.isPending}
            onClick={() => setConfirming(true)}
          >
            {t("Publish results")}
          </Button>
          <ResultsTimeForm testId={testId} summary={summary} />
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("Publish the results?")}
        description={t(
          "Every evaluated booklet gets its marks, rank and percentile, and each student is told. This cannot be undone.",
        )}
        confirmLabel={t("Publish")}
        pendingLabel={t("Publishing...")}
        isPending={publish.isPending}
        onConfirm={() => void run()}
      />
    </section>
  );
}

/** `/admin/mains-tests/{id}/results` (decision 063): publish, the results time, the booklets. */
export function AdminMainsResultsPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const summary = useAdminMainsSummary(id);
  const pick = usePickText();
  const title = summary.data ? pick(summary.data.test.title, summary.data.test.titleHi).text : null;
  usePageTitle(title ? t("{{title}} Result", { title }) : null);
  const columns: Column<AdminMainsBooklet>[] = [
    {
      header: t("Student"),
      cell: (row) => (
        <span className="grid">
          <span>{row.name ?? "—"}</span>
          <span className="text-xs text-muted-foreground">{row.email}</span>
        </span>
      ),
    },
    {
      header: t("Status"),
      cell: (row) => (
        <Badge
          variant={row.status === "evaluated" ? "success" : "secondary"}
          className="justify-self-start"
        >
          {t(STATUS_TEXT[row.status])}
        </Badge>
      ),
    },
    {
      header: t("Total"),
      cell: (row) => (row.total === null ? "—" : formatNumber(row.total)),
      className: "tabular-nums",
    },
    { header: t("Rank"), cell: (row) => row.rank ?? "—", className: "tabular-nums" },
    {
      header: t("Percentile"),
      cell: (row) => (row.percentile === null ? "—" : formatNumber(row.percentile)),
      className: "tabular-nums",
    },
    { header: t("Submitted"), cell: (row) => formatDateTime(row.submittedAt) },
    { header: t("Promised by"), cell: (row) => formatDateTime(row.dueAt) },
  ];
  return (
    <ResourceList
      title={title ?? t("Mains results")}
      description={t("Mains results")}
      backTo="/admin/mains-tests"
      backLabel={t("Back to Mains tests")}
      notice={
        <QueryContent
          query={summary}
          compact
          loadingLabel={t("Loading the results...")}
          errorTitle={t("Error loading the results")}
        >
          {(data) => <Desk testId={id} summary={data} />}
        </QueryContent>
      }
      search={{
        id: "mains-results-search",
        label: t("Search students"),
        placeholder: t("Name or email"),
      }}
      query={adminMainsResultsQueryOptions(id)}
      loadingLabel={t("Loading the booklets...")}
      errorTitle={t("Error loading the results")}
      empty={{ title: t("No booklets yet"), description: t("Nobody has started this test yet.") }}
      columns={columns}
    />
  );
}
