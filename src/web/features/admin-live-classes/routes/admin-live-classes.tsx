import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDateTime } from "@web/lib/format.ts";
import { adminLiveClassesQueryOptions, useDeleteLiveClass } from "@web/lib/live-classes.ts";
import { notify } from "@web/lib/toast.ts";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LiveClassWhen } from "../../../../shared/live-classes.ts";
import { LiveClassDialog } from "../components/live-class-dialog.tsx";

/** /admin/live-classes (decision 043): the schedule, its reminders and who joined. */
export function AdminLiveClassesPage() {
  const { t } = useTranslation();
  const remove = useDeleteLiveClass();
  const [when, setWhen] = useState<"all" | LiveClassWhen>("all");
  const whenId = useId();
  return (
    <ResourceList
      title={t("Live Classes")}
      description={t("Schedule classes, link their meetings and add recordings.")}
      create={{ label: t("Schedule live class") }}
      search={{
        id: "live-class-search",
        label: t("Search live classes"),
        placeholder: t("Search by title or teacher..."),
      }}
      filters={
        <div className="grid gap-1.5">
          <label htmlFor={whenId} className="text-sm font-medium">
            {t("Show")}
          </label>
          <Select
            id={whenId}
            value={when}
            onChange={(event) => setWhen(event.target.value as "all" | LiveClassWhen)}
          >
            <option value="all">{t("All classes")}</option>
            <option value="upcoming">{t("Upcoming")}</option>
            <option value="past">{t("Past classes")}</option>
          </Select>
        </div>
      }
      filterKey={when === "all" ? undefined : when}
      query={(filter) => adminLiveClassesQueryOptions({ ...filter, when })}
      loadingLabel={t("Loading live classes...")}
      errorTitle={t("Error loading live classes")}
      empty={{
        title: t("No classes scheduled."),
        description: t("Schedule the first class; students see it on Live Classes at once."),
        action: (open) => (
          <button type="button" className="text-primary underline" onClick={open}>
            {t("Schedule live class")}
          </button>
        ),
      }}
      columns={[
        {
          header: t("Starts"),
          className: "whitespace-nowrap",
          cell: (c) => formatDateTime(c.startsAt),
        },
        { header: t("Title"), className: "min-w-48 font-medium", cell: (c) => c.title },
        { header: t("Teacher"), cell: (c) => c.teacher },
        {
          header: t("Access"),
          cell: (c) =>
            c.isFree ? (
              <Badge variant="success">{t("Free")}</Badge>
            ) : (
              <Badge variant="warning">{t("Premium")}</Badge>
            ),
        },
        { header: t("Reminders"), cell: (c) => c.reminders },
        { header: t("Joined"), cell: (c) => c.attended },
        {
          header: t("Recording"),
          cell: (c) => (c.recordingUrl ? t("Yes") : "—"),
        },
      ]}
      rowLabel={(c) => c.title}
      form={(form) => (
        <LiveClassDialog open={form.open} onOpenChange={form.onOpenChange} liveClass={form.row} />
      )}
      remove={{
        title: t("Delete live class"),
        description: (c) =>
          t('Delete "{{title}}"? Its reminders are removed with it.', { title: c.title }),
        run: async (c) => {
          try {
            await remove.mutateAsync(c.id);
            notify.success(t("Live class deleted"));
          } catch (error) {
            notify.error(t("Error deleting the live class"), errorMessage(error));
            return false;
          }
        },
      }}
    />
  );
}
