import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { BarChart3, Scale } from "lucide-react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { MAINS_PAPER_LABELS } from "../../../../shared/mains-papers.ts";
import type { MainsTestInput } from "../../../../shared/mains-test-schemas.ts";
import {
  type AdminMainsSeries,
  type AdminMainsTest,
  useAdminMainsSeries,
  useAdminMainsTest,
  useSaveMainsTest,
  useSetMainsTestPublished,
} from "../api/admin-mains-tests.ts";
import {
  MainsTestFields,
  type MainsTestValues,
  mainsTestResolver,
  mainsTestValues,
} from "../components/mains-test-fields.tsx";
import { PaperEditor } from "../components/paper-editor.tsx";

/** The test's rules once the series are known (the series select shows the test's own). */
function Rules({ test }: { test: AdminMainsTest }) {
  const { t } = useTranslation();
  const series = useAdminMainsSeries();
  return (
    <QueryContent query={series} compact errorTitle={t("Error loading the series")}>
      {(data) => <RulesForm test={test} series={data.items} />}
    </QueryContent>
  );
}

/** The test's rules, saved as a whole (publication has its own button). */
function RulesForm({ test, series }: { test: AdminMainsTest; series: AdminMainsSeries[] }) {
  const { t } = useTranslation();
  const save = useSaveMainsTest();
  const form = useForm<MainsTestValues, unknown, MainsTestInput>({
    resolver: mainsTestResolver,
    defaultValues: mainsTestValues(test),
  });
  const rootError = form.formState.errors.root?.message;
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: test.id, input: { ...input, published: test.published } });
      notify.success(t("Mains test saved"));
    } catch (error) {
      notify.error(t("Error saving the Mains test"), errorMessage(error));
    }
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} className="grid gap-4" noValidate>
        <MainsTestFields series={series} paperLocked={test.started > 0} />
        {rootError ? <InlineAlert>{t(rootError)}</InlineAlert> : null}
        <Button type="submit" className="justify-self-start" disabled={save.isPending}>
          {save.isPending ? t("Saving...") : t("Save test")}
        </Button>
      </form>
    </FormProvider>
  );
}

function PublishButton({ test }: { test: AdminMainsTest }) {
  const { t } = useTranslation();
  const publish = useSetMainsTestPublished(test.id);
  const next = !test.published;
  return (
    <Button
      variant={test.published ? "outline" : "default"}
      disabled={publish.isPending || (test.published && test.started > 0)}
      onClick={() =>
        publish.mutate(next, {
          onSuccess: () =>
            notify.success(next ? t("Mains test published") : t("Mains test unpublished")),
          onError: (error) =>
            notify.error(t("Error publishing the Mains test"), errorMessage(error)),
        })
      }
    >
      {test.published ? t("Unpublish") : t("Publish")}
    </Button>
  );
}

/**
 * /admin/mains-tests/:id (decision 063): the test's rules, its paper from the Mains question
 * bank, publication, and the ways to its results and the mentors' calibration.
 */
export function AdminMainsTestPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const test = useAdminMainsTest(id);
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6">
      <QueryContent
        query={test}
        loadingLabel={t("Loading the Mains test...")}
        errorTitle={t("Error loading the Mains test")}
      >
        {(data) => (
          <>
            <PageHeader
              title={data.title}
              description={
                <span className="flex flex-wrap items-center gap-2">
                  <Badge variant="secondary">{t(MAINS_PAPER_LABELS[data.paper])}</Badge>
                  {data.published ? (
                    <Badge variant="success">{t("Published")}</Badge>
                  ) : (
                    <Badge variant="outline">{t("Draft")}</Badge>
                  )}
                  <span>
                    {t("{{marks}} marks · {{questions}} questions", {
                      marks: data.totalMarks,
                      questions: data.questions.length,
                    })}
                  </span>
                  <span>{t("{{started}} started", { started: data.started })}</span>
                </span>
              }
              backTo="/admin/mains-tests"
              backLabel={t("Back to Mains Tests")}
              actions={
                <>
                  <PublishButton test={data} />
                  <Button asChild variant="outline">
                    <Link to={`/admin/mains-tests/${data.id}/results`}>
                      <BarChart3 aria-hidden="true" />
                      {t("Results")}
                    </Link>
                  </Button>
                  <Button asChild variant="outline">
                    <Link to={`/admin/mains-tests/${data.id}/calibration`}>
                      <Scale aria-hidden="true" />
                      {t("Calibration")}
                    </Link>
                  </Button>
                </>
              }
            />
            <section aria-labelledby="mains-paper" className="grid gap-3">
              <h2 id="mains-paper" className="text-lg font-semibold">
                {t("Paper")}
              </h2>
              <PaperEditor key={JSON.stringify(data.questions.map((q) => q.id))} test={data} />
            </section>
            <section aria-labelledby="mains-rules" className="grid gap-3">
              <h2 id="mains-rules" className="text-lg font-semibold">
                {t("Rules")}
              </h2>
              <Rules key={data.id} test={data} />
            </section>
          </>
        )}
      </QueryContent>
    </div>
  );
}
