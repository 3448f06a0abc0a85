import { FileField, RichTextField, SelectField, TextField } from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { TaxonomyFields } from "@web/components/form/taxonomy-fields.tsx";
import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { contentLang } from "@web/lib/content-language.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDate } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type NoteData, noteInputSchema } from "../../../../shared/library.ts";
import {
  type AdminNoteRow,
  adminNotesQueryOptions,
  uploadEditorImage,
  useAdminNote,
  useDeleteNote,
  useSaveNote,
} from "../api/admin-library-api.ts";
import {
  AccessAndPublishFields,
  publishedAtOf,
  publishValues,
  todayInput,
} from "../components/library-form-fields.tsx";

type NoteValues = {
  kind: "notes" | "current_affairs";
  title: string;
  titleHi: string;
  body: string;
  bodyHi: string;
  subjectId: string;
  topicId: string;
  month: string;
  isFree: boolean;
  published: boolean;
  publishDate: string;
  removePdf: boolean;
  file?: File;
};

const resolver = schemaResolver<NoteValues, typeof noteInputSchema>(noteInputSchema, (v) => ({
  kind: v.kind,
  title: v.title,
  titleHi: v.titleHi,
  body: v.body,
  bodyHi: v.bodyHi,
  subjectId: v.subjectId || null,
  topicId: (v.subjectId && v.topicId) || null,
  month: v.kind === "current_affairs" ? v.month || null : null,
  isFree: v.isFree,
  publishedAt: publishedAtOf(v),
  removePdf: v.removePdf,
}));

type FullNote = ReturnType<typeof useAdminNote>["data"];

function noteValues(note: FullNote | null): NoteValues {
  return {
    kind: note?.kind ?? "notes",
    title: note?.title ?? "",
    titleHi: note?.titleHi ?? "",
    body: note?.body ?? "",
    bodyHi: note?.bodyHi ?? "",
    subjectId: note?.subjectId ?? "",
    topicId: note?.topicId ?? "",
    month: note?.month ?? todayInput().slice(0, 7),
    isFree: note?.isFree ?? true,
    ...publishValues(note ? note.publishedAt : new Date().toISOString()),
    removePdf: false,
  };
}

function NoteForm(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  note: FullNote | null;
}) {
  const { t } = useTranslation();
  const save = useSaveNote();
  const note = props.note;
  const form = useDialogForm<NoteValues, NoteData>({
    open: props.open,
    resolver,
    values: () => noteValues(note),
  });
  const kind = useWatch({ control: form.control, name: "kind" });
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={note ? t("Edit note") : t("Add note")}
      className="sm:max-w-3xl"
      form={form}
      submitLabel={t("Save note")}
      onSubmit={async (data) => {
        try {
          await save.mutateAsync({ id: note?.id, data, file: form.getValues("file") });
          notify.success(t("Note saved"));
          props.onOpenChange(false);
        } catch (error) {
          notify.error(t("Error saving the note"), errorMessage(error));
        }
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField name="kind" label={t("Kind")}>
          <option value="notes">{t("Study notes")}</option>
          <option value="current_affairs">{t("Current-affairs compilation")}</option>
        </SelectField>
        {kind === "current_affairs" ? (
          <TextField name="month" type="month" label={t("Month")} />
        ) : null}
      </div>
      <TextField name="title" label={t("Title")} />
      <TaxonomyFields optional={kind === "current_affairs"} />
      <RichTextField name="body" label={t("Note")} uploadImage={uploadEditorImage} />
      <FileField
        name="file"
        label={note?.hasPdf ? t("Replace the PDF (optional)") : t("PDF (optional)")}
        accept="application/pdf"
        hint={t("A PDF of at most 10 MB. A note needs its text, a PDF, or both.")}
      />
      {note?.hasPdf ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register("removePdf")} /> {t("Remove the current PDF")}
        </label>
      ) : null}
      <fieldset className="grid gap-4 rounded-md border border-border p-3">
        <legend className="px-1 text-sm font-medium">{t("Hindi version (optional)")}</legend>
        <TextField name="titleHi" label={t("Title (Hindi)")} lang="hi" />
        <RichTextField
          name="bodyHi"
          label={t("Note (Hindi)")}
          uploadImage={uploadEditorImage}
          lang="hi"
        />
      </fieldset>
      <AccessAndPublishFields />
    </FormDialog>
  );
}

/** Editing loads the whole note first (the list has no bodies). */
function NoteFormDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  row: AdminNoteRow | null;
}) {
  if (!props.row) {
    return <NoteForm open={props.open} onOpenChange={props.onOpenChange} note={null} />;
  }
  return <EditNote open={props.open} onOpenChange={props.onOpenChange} rowId={props.row.id} />;
}

function EditNote(props: { open: boolean; onOpenChange: (open: boolean) => void; rowId: string }) {
  const { t } = useTranslation();
  const note = useAdminNote(props.rowId);
  return (
    <QueryContent
      query={note}
      loadingLabel={t("Loading note...")}
      errorTitle={t("Error loading the note")}
    >
      {(data) => <NoteForm open={props.open} onOpenChange={props.onOpenChange} note={data} />}
    </QueryContent>
  );
}

/** /admin/notes: study notes and monthly compilations (decision 043). */
export function AdminNotesPage() {
  const { t } = useTranslation();
  const remove = useDeleteNote();
  return (
    <ResourceList
      title={t("Manage Notes")}
      description={t("Study notes by subject and monthly current-affairs compilations.")}
      create={{ label: t("Add note") }}
      search={{
        id: "admin-notes-search",
        label: t("Search notes"),
        placeholder: t("Search notes..."),
      }}
      query={(filter) => adminNotesQueryOptions(filter)}
      loadingLabel={t("Loading notes...")}
      errorTitle={t("Error loading notes")}
      empty={{
        title: t("No notes yet."),
        description: t("Add the first note; students see it once it is published."),
      }}
      columns={[
        {
          header: t("Title"),
          className: "min-w-56",
          cell: (n) => (
            <span lang={contentLang(n.title)} className="font-medium">
              {n.title}
            </span>
          ),
        },
        {
          header: t("Kind"),
          cell: (n) =>
            n.kind === "current_affairs" ? (
              <Badge variant="secondary">{n.month ?? t("Current affairs")}</Badge>
            ) : (
              <span>
                {n.topicName ? `${n.subjectName ?? ""} · ${n.topicName}` : (n.subjectName ?? "—")}
              </span>
            ),
        },
        {
          header: t("Access"),
          cell: (n) => (n.isFree ? t("Free") : <Badge>{t("Premium")}</Badge>),
        },
        { header: "PDF", cell: (n) => (n.hasPdf ? t("Yes") : t("No")) },
        {
          header: t("Published"),
          className: "whitespace-nowrap",
          cell: (n) =>
            n.publishedAt ? (
              formatDate(n.publishedAt)
            ) : (
              <Badge variant="warning">{t("Draft")}</Badge>
            ),
        },
      ]}
      rowLabel={(n) => n.title}
      form={(form) => (
        <NoteFormDialog
          key={form.row?.id ?? "new"}
          open={form.open}
          onOpenChange={form.onOpenChange}
          row={form.row}
        />
      )}
      remove={{
        title: t("Delete note"),
        description: (n) =>
          t('Delete "{{title}}"? Its PDF, bookmarks and reading progress are deleted with it.', {
            title: n.title,
          }),
        run: async (n) => {
          try {
            await remove.mutateAsync(n.id);
            notify.success(t("Note deleted"));
          } catch (error) {
            notify.error(t("Error deleting the note"), errorMessage(error));
            return false;
          }
        },
      }}
    />
  );
}
