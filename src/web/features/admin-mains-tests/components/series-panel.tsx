import { TextareaField, TextField } from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { Button } from "@web/components/ui/button.tsx";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { RowActions } from "@web/components/ui/row-actions.tsx";
import { useDisclosure } from "@web/hooks/use-disclosure.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { type MainsSeriesInput, mainsSeriesSchema } from "../../../../shared/mains-test-schemas.ts";
import {
  type AdminMainsSeries,
  useAdminMainsSeries,
  useDeleteMainsSeries,
  useSaveMainsSeries,
} from "../api/admin-mains-tests.ts";

type SeriesValues = { title: string; titleHi: string; description: string; descriptionHi: string };
const resolver = schemaResolver<SeriesValues, typeof mainsSeriesSchema>(mainsSeriesSchema);

function SeriesDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  series: AdminMainsSeries | null;
}) {
  const { t } = useTranslation();
  const save = useSaveMainsSeries();
  const row = props.series;
  const form = useDialogForm<SeriesValues, MainsSeriesInput>({
    open: props.open,
    resolver,
    values: () => ({
      title: row?.title ?? "",
      titleHi: row?.titleHi ?? "",
      description: row?.description ?? "",
      descriptionHi: row?.descriptionHi ?? "",
    }),
  });
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={row ? t("Edit series") : t("New series")}
      form={form}
      submitLabel={t("Save series")}
      onSubmit={async (input) => {
        try {
          await save.mutateAsync({ id: row?.id, input });
          notify.success(t("Series saved"));
          props.onOpenChange(false);
        } catch (error) {
          notify.error(t("Error saving the series"), errorMessage(error));
        }
      }}
    >
      <TextField name="title" label={t("Title")} autoComplete="off" />
      <TextField name="titleHi" label={t("Title (Hindi, optional)")} lang="hi" autoComplete="off" />
      <TextareaField name="description" label={t("Description (optional)")} rows={2} />
      <TextareaField
        name="descriptionHi"
        label={t("Description (Hindi, optional)")}
        rows={2}
        lang="hi"
      />
    </FormDialog>
  );
}

/**
 * The test series (decision 063): a name over tests whose windows are its schedule; students add
 * a series' schedule to their calendar. A series whose tests students have taken stays.
 */
export function SeriesPanel() {
  const { t } = useTranslation();
  const list = useAdminMainsSeries();
  const editing = useDisclosure<AdminMainsSeries>();
  const removing = useDisclosure<AdminMainsSeries>();
  const remove = useDeleteMainsSeries();
  return (
    <section aria-labelledby="mains-series-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="mains-series-heading" className="text-lg font-semibold">
          {t("Series")}
        </h2>
        <Button variant="outline" onClick={() => editing.open()}>
          <Plus aria-hidden="true" /> {t("New series")}
        </Button>
      </div>
      <QueryContent
        query={list}
        compact
        errorTitle={t("Error loading the series")}
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="text-sm text-muted-foreground">{t("No series yet.")}</p>}
      >
        {(data) => (
          <ul className="grid gap-2">
            {data.items.map((series) => (
              <li
                key={series.id}
                className="flex items-center justify-between gap-2 rounded-lg border border-border p-3"
              >
                <div className="grid gap-0.5">
                  <span className="font-medium">{series.title}</span>
                  <span className="text-sm text-muted-foreground">
                    {t("{{tests}} tests", { tests: series.tests })}
                  </span>
                </div>
                <RowActions
                  label={series.title}
                  onEdit={() => editing.open(series)}
                  onDelete={() => removing.open(series)}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
      <SeriesDialog
        open={editing.isOpen}
        onOpenChange={editing.onOpenChange}
        series={editing.subject}
      />
      <ConfirmDialog
        open={removing.isOpen}
        onOpenChange={(open) => !open && removing.close()}
        title={t("Delete series")}
        description={t('Delete "{{title}}"? Its tests stay, without a series.', {
          title: removing.subject?.title ?? "",
        })}
        isPending={remove.isPending}
        onConfirm={() => {
          const subject = removing.subject;
          if (!subject) return;
          remove.mutate(subject.id, {
            onSuccess: () => {
              notify.success(t("Series deleted"));
              removing.close();
            },
            onError: (error) => notify.error(t("Error deleting the series"), errorMessage(error)),
          });
        }}
      />
    </section>
  );
}
