import { PageHeader } from "@web/components/layout/page-header.tsx";
import { MainsQuestionList } from "@web/components/mains-questions/mains-question-list.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { useTranslation } from "react-i18next";
import { EVALUATION_MESSAGES } from "../../../../shared/evaluation.ts";
import { useMentorSettings } from "../api/desk.ts";

/**
 * /mentor/questions (decision 042): the admins' Mains questions screen, for mentors while admins
 * allow them to publish (adding and editing; deleting stays with admins).
 */
export function MentorQuestionsPage() {
  const { t } = useTranslation();
  const settings = useMentorSettings();
  // Without the settings (or without the permission), the page says mentors cannot publish.
  const cannotPublish = (
    <div className="mx-auto grid max-w-4xl gap-5 px-4 py-6">
      <PageHeader
        title={t("Mains Questions")}
        backTo="/mentor"
        backLabel={t("Back to Evaluations")}
      />
      <p role="status">{t(EVALUATION_MESSAGES.mentorsCannotPublish)}</p>
    </div>
  );
  return (
    <QueryContent
      query={settings}
      loadingLabel={t("Loading settings...")}
      error={() => cannotPublish}
    >
      {(data) =>
        data.mentorsMayPublishQuestions ? (
          <MainsQuestionList
            title={t("Mains Questions")}
            backTo="/mentor"
            backLabel={t("Back to Evaluations")}
            canDelete={false}
          />
        ) : (
          cannotPublish
        )
      }
    </QueryContent>
  );
}
