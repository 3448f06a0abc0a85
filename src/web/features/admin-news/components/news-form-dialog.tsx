import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "@web/components/ui/dialog.tsx";
import { FormField, fieldAria } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { ErrorState, LoadingState } from "@web/components/ui/states.tsx";
import { Textarea } from "@web/components/ui/textarea.tsx";
import { notify } from "@web/lib/toast.ts";
import { lazy, Suspense } from "react";
import { Controller, useForm } from "react-hook-form";
import { type NewsInput, newsInputSchema } from "../../../../shared/news.ts";
import { useNewsEntry } from "../api/get-news-entry.ts";
import { useSaveNewsEntry } from "../api/save-news-entry.ts";

// Quill is large: it loads only when the dialog opens, never on public pages.
const RichTextEditor = lazy(() => import("./rich-text-editor.tsx"));

function today(): string {
  return new Date().toLocaleDateString("en-CA");
}

function NewsForm(props: { id: string | null; initial: NewsInput; onDone: () => void }) {
  const save = useSaveNewsEntry();
  const form = useForm<NewsInput>({
    resolver: zodResolver(newsInputSchema),
    defaultValues: props.initial,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: props.id, input: values });
      notify.success(
        props.id ? "News Entry Updated" : "News Entry Created",
        `"${saved.title}" has been successfully saved.`,
      );
      props.onDone();
    } catch (error) {
      notify.error("Error Saving Entry", error instanceof Error ? error.message : undefined);
    }
  });

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <FormField id="news-title" label="Title" error={errors.title?.message}>
        <Input {...fieldAria("news-title", errors.title?.message)} {...form.register("title")} />
      </FormField>
      <div className="grid gap-1.5">
        <Label id="news-content-label" htmlFor="news-content">
          Full Content
        </Label>
        <Controller
          control={form.control}
          name="content"
          render={({ field }) => (
            <Suspense fallback={<LoadingState label="Loading editor..." />}>
              <RichTextEditor
                id="news-content"
                labelId="news-content-label"
                value={field.value ?? ""}
                onChange={field.onChange}
              />
            </Suspense>
          )}
        />
        {errors.content?.message ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.content.message}
          </p>
        ) : null}
      </div>
      <FormField
        id="news-excerpt"
        label="Excerpt (optional)"
        hint="Leave blank to use the first 200 characters of the content."
        error={errors.excerpt?.message}
      >
        <Textarea
          rows={3}
          {...fieldAria("news-excerpt", errors.excerpt?.message)}
          aria-describedby={errors.excerpt ? "news-excerpt-error" : "news-excerpt-hint"}
          {...form.register("excerpt")}
        />
      </FormField>
      <FormField id="news-date" label="Published Date" error={errors.publishedDate?.message}>
        <Input
          type="date"
          className="sm:max-w-56"
          {...fieldAria("news-date", errors.publishedDate?.message)}
          {...form.register("publishedDate")}
        />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={props.onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? (
            <>
              <Spinner label="Saving" className="size-4" /> Saving...
            </>
          ) : props.id ? (
            "Save Changes"
          ) : (
            "Create Entry"
          )}
        </Button>
      </DialogFooter>
    </form>
  );
}

function EditNewsForm(props: { id: string; onDone: () => void }) {
  const entry = useNewsEntry(props.id);
  if (entry.isPending) return <LoadingState label="Loading entry..." />;
  if (entry.isError) {
    return (
      <ErrorState
        title="Error Fetching News Entries"
        message={entry.error.message}
        onRetry={() => void entry.refetch()}
      />
    );
  }
  return (
    <NewsForm
      id={props.id}
      onDone={props.onDone}
      initial={{
        title: entry.data.title,
        content: entry.data.content,
        excerpt: entry.data.excerpt ?? "",
        publishedDate: entry.data.publishedDate,
      }}
    />
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
