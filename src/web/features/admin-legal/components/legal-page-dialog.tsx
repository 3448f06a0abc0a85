import { zodResolver } from "@hookform/resolvers/zod";
import { RichTextField, TextField } from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import { type LegalPageInput, legalPageInputSchema } from "../../../../shared/legal-schemas.ts";
import { type AdminLegalPage, uploadPageImage, useSaveLegalPage } from "../api/legal-pages.ts";

/** Writes one legal page with the news editor (its images, its sanitiser). */
export function LegalPageDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  page: AdminLegalPage | null;
}) {
  const { t } = useTranslation();
  const save = useSaveLegalPage();
  const page = props.page;
  const form = useDialogForm<LegalPageInput>({
    open: props.open,
    resolver: zodResolver(legalPageInputSchema),
    values: () => ({ title: page?.title ?? "", content: page?.content ?? "" }),
  });
  if (!page) return null;
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t("Edit {{title}}", { title: page.title })}
      className="sm:max-w-3xl"
      form={form}
      submitLabel={t("Save Page")}
      onSubmit={async (input) => {
        try {
          await save.mutateAsync({ slug: page.slug, input });
          notify.success(t("Page Saved"), t("The page is live at {{path}}.", { path: page.path }));
          props.onOpenChange(false);
        } catch (error) {
          notify.error(t("Error Saving Page"), errorMessage(error));
        }
      }}
    >
      <TextField name="title" label={t("Title")} />
      <RichTextField name="content" label={t("Page text")} uploadImage={uploadPageImage} />
    </FormDialog>
  );
}
