import { zodResolver } from "@hookform/resolvers/zod";
import {
  DateField,
  RichTextField,
  TextareaField,
  TextField,
} from "@web/components/form/fields.tsx";
import { DialogForm } from "@web/components/form/form-dialog.tsx";
import { Dialog, DialogContent } from "@web/components/ui/dialog.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type NewsInput, newsInputSchema } from "../../../../shared/news.ts";
import { useNewsEntry } from "../api/get-news-entry.ts";
import { useSaveNewsEntry } from "../api/save-news-entry.ts";
import { uploadNewsImage } from "../api/upload-news-image.ts";

const today = () => new Date().toLocaleDateString("en-CA");

function NewsForm(props: { id: string | null; initial: NewsInput; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveNewsEntry();
  const form = useForm<NewsInput>({
    resolver: zodResolver(newsInputSchema),
    defaultValues: props.initial,
  });
  return (
    <DialogForm
      form={form}
      onCancel={props.onDone}
      submitLabel={props.id ? t("Save Changes") : t("Create Entry")}
      onSubmit={async (values) => {
        try {
          const saved = await save.mutateAsync({ id: props.id, input: values });
          notify.success(
            props.id ? t("News Entry Updated") : t("News Entry Created"),
            t('"{{title}}" has been successfully saved.', { title: saved.title }),
          );
          props.onDone();
        } catch (error) {
          notify.error(t("Error Saving Entry"), errorMessage(error));
        }
      }}
    >
      <TextField name="title" label={t("Title")} />
      <RichTextField name="content" label={t("Full Content")} uploadImage={uploadNewsImage} />
      <TextareaField
        name="excerpt"
        label={t("Excerpt (optional)")}
        hint={t("Leave blank to use the first 200 characters of the content.")}
        rows={3}
      />
      <DateField name="publishedDate" label={t("Published Date")} className="sm:max-w-56" />
      <fieldset className="grid gap-4 rounded-md border border-border p-3">
        <legend className="px-1 text-sm font-medium">{t("Hindi version (optional)")}</legend>
        <p className="text-xs text-muted-foreground">
          {t(
            "Readers using the site in Hindi see what is filled in here, and the English otherwise.",
          )}
        </p>
        <TextField name="titleHi" label={t("Title (Hindi)")} lang="hi" />
        <RichTextField
          name="contentHi"
          label={t("Full Content (Hindi)")}
          uploadImage={uploadNewsImage}
          lang="hi"
        />
        <TextareaField
          name="excerptHi"
          label={t("Excerpt (Hindi, optional)")}
          hint={t("Leave blank to use the first 200 characters of the content.")}
          rows={3}
          lang="hi"
        />
      </fieldset>
    </DialogForm>
  );
}

function EditNewsForm(props: { id: string; onDone: () => void }) {
  const { t } = useTranslation();
  const entry = useNewsEntry(props.id);
  return (
    <QueryContent
      query={entry}
      loadingLabel={t("Loading entry...")}
      errorTitle={t("Error Fetching News Entries")}
    >
      {(data) => (
        <NewsForm
          id={props.id}
          onDone={props.onDone}
          initial={{
            title: data.title,
            content: data.content,
            excerpt: data.excerpt ?? "",
            titleHi: data.titleHi ?? "",
            contentHi: data.contentHi ?? "",
            excerptHi: data.excerptHi ?? "",
            publishedDate: data.publishedDate,
          }}
        />
      )}
    </QueryContent>
  );
}

/** 'Add New Entry' (no id) or edit (with an id), in one dialog. */
export function NewsFormDialog(props: {
  open: boolean;
  entryId: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const close = () => props.onOpenChange(false);
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent
        title={props.entryId ? t("Edit Entry") : t("Add New Entry")}
        className="sm:max-w-3xl"
        onInteractOutside={(event) => event.preventDefault()}
      >
        {props.open ? (
          props.entryId ? (
            <EditNewsForm key={props.entryId} id={props.entryId} onDone={close} />
          ) : (
            <NewsForm
              id={null}
              onDone={close}
              initial={{
                title: "",
                content: "",
                excerpt: "",
                titleHi: "",
                contentHi: "",
                excerptHi: "",
                publishedDate: today(),
              }}
            />
          )
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
