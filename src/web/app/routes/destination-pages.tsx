import { useBackLink } from "@web/lib/back-link.ts";
import { useTranslation } from "react-i18next";
import { InfoPage } from "./info-page.tsx";

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
