import { useBackLink } from "@web/lib/back-link.ts";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { msg } from "../../../shared/i18n/msg.ts";
import { InfoPage } from "./info-page.tsx";

const linkClass = "text-primary underline";

export function CoursesPage() {
  const { t } = useTranslation();
  const back = useBackLink();
  return (
    <InfoPage title={t("Courses")} backTo={back}>
      <p>{t("Structured courses for Prelims and Mains are being prepared.")}</p>
      <p>
        <Trans
          i18nKey={msg(
            "Meanwhile, practise with <exams>mock tests</exams> and read the <news>daily news analysis</news>.",
          )}
          components={{
            exams: <Link className={linkClass} to="/student/exams" />,
            news: <Link className={linkClass} to="/news" />,
          }}
        />
      </p>
    </InfoPage>
  );
}

export function StudyNotesPage() {
  const { t } = useTranslation();
  const back = useBackLink();
  return (
    <InfoPage title={t("Study Notes")} backTo={back}>
      <p>
        {t(
          "Subject-wise notes are not published yet. The explanations in every exam review are the best notes for now.",
        )}
      </p>
    </InfoPage>
  );
}

export function ReferEarnPage() {
  const { t } = useTranslation();
  const back = useBackLink();
  return (
    <InfoPage title={t("Refer & Earn")} backTo={back}>
      <p>{t("The referral programme has not started yet.")}</p>
    </InfoPage>
  );
}
