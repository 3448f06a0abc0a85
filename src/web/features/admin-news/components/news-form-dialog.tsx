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
import { type NewsInput, newsInputSchema } from "../../../../shared/news.ts";
import { useNewsEntry } from "../api/get-news-entry.ts";
import { useSaveNewsEntry } from "../api/save-news-entry.ts";
import { uploadNewsImage } from "../api/upload-news-image.ts";

const today = () => new Date().toLocaleDateString("en-CA");

function NewsForm(props: { id: string | null; initial: NewsInput; onDone: () => void }) {
  const save = useSaveNewsEntry();
  const form = useForm<NewsInput>({
    resolver: zodResolver(newsInputSchema),
    defaultValues: props.initial,
  });
  return (
    <DialogForm
      form={form}
      onCancel={props.onDone}
      submitLabel={props.id ? "Save Changes" : "Create Entry"}
      onSubmit={async (values) => {
        try {
          const saved = await save.mutateAsync({ id: props.id, input: values });
          notify.success(
            props.id ? "News Entry Updated" : "News Entry Created",
            `"${saved.title}" has been successfully saved.`,
          );
          props.onDone();
        } catch (error) {
          notify.error("Error Saving Entry", errorMessage(error));
        }
      }}
    >
      <TextField name="title" label="Title" />
      <RichTextField name="content" label="Full Content" uploadImage={uploadNewsImage} />
      <TextareaField
        name="excerpt"
        label="Excerpt (optional)"
        hint="Leave blank to use the first 200 characters of the content."
        rows={3}
      />
      <DateField name="publishedDate" label="Published Date" className="sm:max-w-56" />
    </DialogForm>
  );
}

function EditNewsForm(props: { id: string; onDone: () => void }) {
  const entry = useNewsEntry(props.id);
  return (
    <QueryContent
      query={entry}
      loadingLabel="Loading entry..."
      errorTitle="Error Fetching News Entries"
    >
      {(data) => (
        <NewsForm
          id={props.id}
          onDone={props.onDone}
          initial={{
            title: data.title,
            content: data.content,
            excerpt: data.excerpt ?? "",
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
  const close = () => props.onOpenChange(false);
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent
        title={props.entryId ? "Edit Entry" : "Add New Entry"}
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
              initial={{ title: "", content: "", excerpt: "", publishedDate: today() }}
            />
          )
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
