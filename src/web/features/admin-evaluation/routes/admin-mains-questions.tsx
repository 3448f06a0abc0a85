import { MainsQuestionList } from "@web/components/mains-questions/mains-question-list.tsx";
import { useTranslation } from "react-i18next";

/** /admin/mains-questions (decision 042): the shared declaration, with deleting. */
export function AdminMainsQuestionsPage() {
  const { t } = useTranslation();
  return <MainsQuestionList title={t("Mains Questions")} backTo="/admin/dashboard" canDelete />;
}
