import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { IconActions } from "@web/components/ui/row-actions.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { adminFaqsQueryOptions, useDeleteFaq } from "../api/faqs.ts";
import { FaqDialog } from "../components/faq-dialog.tsx";

export function AdminFaqsPage() {
  const { t } = useTranslation();
  const remove = useDeleteFaq();
  return (
    <ResourceList
      title={t("FAQs")}
      description={t("The questions on the public FAQ page, in order.")}
      create={{ label: t("Add FAQ") }}
      search={{ id: "faq-search", label: t("Search FAQs"), placeholder: t("Search questions...") }}
      query={adminFaqsQueryOptions}
      loadingLabel={t("Loading FAQs...")}
      errorTitle={t("Error loading FAQs")}
      empty={{
        title: t("No FAQs yet."),
        filtered: t("Try adjusting your search."),
        action: (open) => (
          <button type="button" className="text-primary underline" onClick={open}>
            {t("Add FAQ")}
          </button>
        ),
      }}
      columns={[
        { header: t("Order"), className: "w-16", cell: (faq) => faq.sortOrder },
        { header: t("Question"), className: "min-w-56 font-medium", cell: (faq) => faq.question },
        {
          header: t("Status"),
          cell: (faq) =>
            faq.isPublished ? (
              <Badge variant="success">{t("Published")}</Badge>
            ) : (
              <Badge variant="outline">{t("Hidden")}</Badge>
            ),
        },
      ]}
      rowActions={(faq, handlers) => (
        <IconActions
          actions={[
            {
              label: t("Edit {{name}}", { name: faq.question }),
              icon: Pencil,
              onClick: () => handlers.edit(faq),
            },
            {
              label: t("Delete {{name}}", { name: faq.question }),
              icon: Trash2,
              onClick: () => handlers.remove(faq),
              destructive: true,
            },
          ]}
        />
      )}
      form={(form) => (
        <FaqDialog open={form.open} onOpenChange={form.onOpenChange} faq={form.row} />
      )}
      remove={{
        title: t("Delete FAQ"),
        description: (faq) =>
          t('Delete "{{question}}"? It disappears from the FAQ page.', { question: faq.question }),
        run: async (faq) => {
          try {
            await remove.mutateAsync(faq.id);
            notify.success(t("FAQ Deleted"), faq.question);
          } catch (error) {
            notify.error(t("Error Deleting FAQ"), errorMessage(error));
            return false;
          }
        },
      }}
    />
  );
}
