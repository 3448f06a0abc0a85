import { zodResolver } from "@hookform/resolvers/zod";
import { TextareaField, TextField } from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import { type CategoryInput, categoryInputSchema } from "../../../../shared/exams.ts";
import { type AdminCategory, useSaveCategory } from "../api/categories.ts";

export function CategoryDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  category: AdminCategory | null;
}) {
  const { t } = useTranslation();
  const save = useSaveCategory();
  const c = props.category;
  const form = useDialogForm<CategoryInput>({
    open: props.open,
    resolver: zodResolver(categoryInputSchema) as never,
    values: () => ({
      name: c?.name ?? "",
      description: c?.description ?? "",
      iconSlug: c?.iconSlug ?? "",
      imageSlug: c?.imageSlug ?? "",
    }),
  });

  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={c ? t("Edit Category") : t("Add New Category")}
      form={form}
      submitLabel={t("Save Category")}
      onSubmit={async (input) => {
        try {
          await save.mutateAsync({ id: c?.id, input });
          notify.success(
            t("Success"),
            c ? t("Category updated successfully.") : t("Category created successfully."),
          );
          props.onOpenChange(false);
        } catch (error) {
          notify.error(
            t("Error saving category"),
            errorMessage(error, "An unexpected error occurred."),
          );
        }
      }}
    >
      <TextField name="name" label={t("Name")} />
      <TextareaField name="description" label={t("Description (optional)")} rows={3} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="iconSlug" label={t("Icon name (optional)")} hint={t("e.g. landmark")} />
        <TextField name="imageSlug" label={t("Image description (optional)")} />
      </div>
    </FormDialog>
  );
}
