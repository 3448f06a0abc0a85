import {
  FileField,
  NumberField,
  SelectField,
  TextareaField,
  TextField,
} from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { TaxonomyFields } from "@web/components/form/taxonomy-fields.tsx";
import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { contentLang } from "@web/lib/content-language.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDate, formatDuration } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type VideoData, videoInputSchema } from "../../../../shared/library.ts";
import {
  type AdminVideoRow,
  adminVideosQueryOptions,
  useDeleteVideo,
  useSaveVideo,
} from "../api/admin-library-api.ts";
import {
  AccessAndPublishFields,
  publishedAtOf,
  publishValues,
} from "../components/library-form-fields.tsx";

type VideoValues = {
  kind: "lesson" | "current_affairs";
  title: string;
  titleHi: string;
  description: string;
  descriptionHi: string;
  subjectId: string;
  topicId: string;
  isFree: boolean;
  published: boolean;
  publishDate: string;
  source: "upload" | "embed";
  embedUrl: string;
  minutes: string;
  file?: File;
  poster?: File;
};

const resolver = schemaResolver<VideoValues, typeof videoInputSchema>(videoInputSchema, (v) => ({
  kind: v.kind,
  title: v.title,
  titleHi: v.titleHi,
  description: v.description,
  descriptionHi: v.descriptionHi,
  subjectId: v.subjectId || null,
  topicId: (v.subjectId && v.topicId) || null,
  isFree: v.isFree,
  publishedAt: publishedAtOf(v),
  source: v.source,
  embedUrl: v.source === "embed" ? v.embedUrl : null,
  durationSeconds: v.minutes.trim() ? Math.round(Number(v.minutes) * 60) : null,
}));

function videoValues(video: AdminVideoRow | null): VideoValues {
  return {
    kind: video?.kind ?? "lesson",
    title: video?.title ?? "",
    titleHi: video?.titleHi ?? "",
    description: video?.description ?? "",
    descriptionHi: video?.descriptionHi ?? "",
    subjectId: video?.subjectId ?? "",
    topicId: video?.topicId ?? "",
    isFree: video?.isFree ?? true,
    ...publishValues(video ? video.publishedAt : new Date().toISOString()),
    source: video && video.source !== "upload" ? "embed" : "upload",
    embedUrl: video?.embedUrl ?? "",
    minutes: video?.durationSeconds ? String(Math.round(video.durationSeconds / 60)) : "",
  };
}

function VideoFormDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  video: AdminVideoRow | null;
}) {
  const { t } = useTranslation();
  const save = useSaveVideo();
  const [progress, setProgress] = useState<number | null>(null);
  const video = props.video;
  const form = useDialogForm<VideoValues, VideoData>({
    open: props.open,
    resolver,
    values: () => videoValues(video),
  });
  const source = useWatch({ control: form.control, name: "source" });
  const kind = useWatch({ control: form.control, name: "kind" });
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={video ? t("Edit video") : t("Add video")}
      className="sm:max-w-2xl"
      form={form}
      submitLabel={t("Save video")}
      onSubmit={async (data) => {
        try {
          setProgress(null);
          await save.mutateAsync({
            id: video?.id,
            data,
            file: form.getValues("file"),
            poster: form.getValues("poster"),
            onProgress: setProgress,
          });
          notify.success(t("Video saved"));
          props.onOpenChange(false);
        } catch (error) {
          notify.error(t("Error saving the video"), errorMessage(error));
        } finally {
          setProgress(null);
        }
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField name="kind" label={t("Kind")}>
          <option value="lesson">{t("Subject lesson")}</option>
          <option value="current_affairs">{t("Current affairs")}</option>
        </SelectField>
        <SelectField name="source" label={t("Source")}>
          <option value="upload">{t("Uploaded file (MP4 or WebM)")}</option>
          <option value="embed">{t("YouTube or Vimeo link")}</option>
        </SelectField>
      </div>
      <TextField name="title" label={t("Title")} />
      <TaxonomyFields optional={kind === "current_affairs"} />
      {source === "embed" ? (
        <TextField name="embedUrl" label={t("YouTube or Vimeo link")} inputMode="url" />
      ) : (
        <>
          <FileField
            name="file"
            label={video?.hasFile ? t("Replace the video (optional)") : t("Video file")}
            accept="video/mp4,video/webm"
            hint={t("MP4 or WebM, at most 500 MB.")}
          />
          <FileField
            name="poster"
            label={t("Poster image (optional)")}
            accept="image/jpeg,image/png,image/webp"
            hint={t("JPEG, PNG or WebP, at most 5 MB.")}
          />
          {progress !== null ? (
            <div className="grid gap-1">
              <progress
                className="h-2 w-full accent-primary"
                max={1}
                value={progress}
                aria-label={t("Upload progress")}
              />
              <span className="text-xs text-muted-foreground" aria-live="polite">
                {t("Uploading… {{percent}}%", { percent: Math.round(progress * 100) })}
              </span>
            </div>
          ) : null}
        </>
      )}
      <NumberField name="minutes" label={t("Length in minutes (optional)")} min={1} />
      <TextareaField name="description" label={t("Description (optional)")} rows={3} />
      <fieldset className="grid gap-4 rounded-md border border-border p-3">
        <legend className="px-1 text-sm font-medium">{t("Hindi version (optional)")}</legend>
        <TextField name="titleHi" label={t("Title (Hindi)")} lang="hi" />
        <TextareaField name="descriptionHi" label={t("Description (Hindi)")} rows={3} lang="hi" />
      </fieldset>
      <AccessAndPublishFields />
    </FormDialog>
  );
}

/** /admin/videos: video lessons and current-affairs videos (decision 043). */
export function AdminVideosPage() {
  const { t } = useTranslation();
  const remove = useDeleteVideo();
  return (
    <ResourceList
      title={t("Manage Videos")}
      description={t("Uploaded lessons and YouTube or Vimeo videos, by subject and topic.")}
      create={{ label: t("Add video") }}
      search={{
        id: "admin-videos-search",
        label: t("Search videos"),
        placeholder: t("Search videos..."),
      }}
      query={(filter) => adminVideosQueryOptions(filter)}
      loadingLabel={t("Loading videos...")}
      errorTitle={t("Error loading videos")}
      empty={{
        title: t("No videos yet."),
        description: t("Add the first video; students see it once it is published."),
      }}
      columns={[
        {
          header: t("Title"),
          className: "min-w-56",
          cell: (v) => (
            <span lang={contentLang(v.title)} className="font-medium">
              {v.title}
            </span>
          ),
        },
        {
          header: t("Source"),
          cell: (v) =>
            v.source === "upload" ? (
              v.hasFile ? (
                t("Uploaded file")
              ) : (
                <Badge variant="warning">{t("File missing")}</Badge>
              )
            ) : v.source === "youtube" ? (
              "YouTube"
            ) : (
              "Vimeo"
            ),
        },
        {
          header: t("Kind"),
          cell: (v) =>
            v.kind === "current_affairs" ? t("Current affairs") : (v.subjectName ?? "—"),
        },
        {
          header: t("Length"),
          cell: (v) => (v.durationSeconds ? formatDuration(v.durationSeconds) : "—"),
        },
        {
          header: t("Access"),
          cell: (v) => (v.isFree ? t("Free") : <Badge>{t("Premium")}</Badge>),
        },
        {
          header: t("Published"),
          className: "whitespace-nowrap",
          cell: (v) =>
            v.publishedAt ? (
              formatDate(v.publishedAt)
            ) : (
              <Badge variant="warning">{t("Draft")}</Badge>
            ),
        },
      ]}
      rowLabel={(v) => v.title}
      form={(form) => (
        <VideoFormDialog open={form.open} onOpenChange={form.onOpenChange} video={form.row} />
      )}
      remove={{
        title: t("Delete video"),
        description: (v) =>
          t('Delete "{{title}}"? Its file, poster and students\' progress are deleted with it.', {
            title: v.title,
          }),
        run: async (v) => {
          try {
            await remove.mutateAsync(v.id);
            notify.success(t("Video deleted"));
          } catch (error) {
            notify.error(t("Error deleting the video"), errorMessage(error));
            return false;
          }
        },
      }}
    />
  );
}
