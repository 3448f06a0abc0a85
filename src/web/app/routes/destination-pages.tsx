import { useQuery } from "@tanstack/react-query";
import { useBackLink } from "@web/lib/back-link.ts";
import { publicSettingsQueryOptions } from "@web/lib/site-settings.ts";
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

export function LiveClassesPage() {
  const { t } = useTranslation();
  const back = useBackLink();
  return (
    <InfoPage title={t("Live Classes")} backTo={back}>
      <p>
        {t(
          "No live classes are scheduled right now. Scheduled sessions will be listed here with their timings.",
        )}
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

export function AnswerEvaluationPage() {
  const { t } = useTranslation();
  const back = useBackLink();
  return (
    <InfoPage title={t("Answer Writing Evaluation")} backTo={back}>
      <p>
        {t(
          "Mentor evaluation of Mains answers is not open yet. Keep writing: one answer a day builds the habit.",
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

export function FaqsPage() {
  const { t } = useTranslation();
  const back = useBackLink();
  return (
    <InfoPage title={t("Frequently Asked Questions")} backTo={back}>
      <h2 className="font-semibold">{t("What happens if my connection drops during an exam?")}</h2>
      <p>
        {t(
          "Every answer is saved as you choose it. Open the exam again to continue where you stopped.",
        )}
      </p>
      <h2 className="font-semibold">{t("Where do I see my scores?")}</h2>
      <p>
        <Trans
          i18nKey={msg("In <results>My Results</results>, with a review of every question.")}
          components={{ results: <Link className={linkClass} to="/results" /> }}
        />
      </p>
      <h2 className="font-semibold">{t("I forgot my password.")}</h2>
      <p>
        <Trans
          i18nKey={msg("Use <reset>Forgot password</reset> on the login page.")}
          components={{ reset: <Link className={linkClass} to="/forgot-password" /> }}
        />
      </p>
    </InfoPage>
  );
}

export function SupportPage() {
  const { t } = useTranslation();
  const back = useBackLink();
  const email = useQuery(publicSettingsQueryOptions).data?.contactEmail;
  return (
    <InfoPage title={t("Support")} backTo={back}>
      <p>
        {t(
          "Need help with your account, a payment or a question in a test? Write to us and we will reply within two working days.",
        )}
      </p>
      {email ? (
        <p>
          {t("Email:")}{" "}
          <a className={linkClass} href={`mailto:${email}`}>
            {email}
          </a>
        </p>
      ) : null}
    </InfoPage>
  );
}

export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  const back = useBackLink();
  return (
    <InfoPage title={t("Privacy Policy")} backTo={back}>
      <p>
        {t(
          "We store the details you give us (name, email, mobile number, address, date of birth and photo) to run your account, and your answers and scores to show your results.",
        )}
      </p>
      <p>
        {t(
          "Passwords are stored only as salted hashes. We do not sell your data, and you can ask support to delete your account.",
        )}
      </p>
    </InfoPage>
  );
}

export function FeedbackPage() {
  const { t } = useTranslation();
  const back = useBackLink();
  const email = useQuery(publicSettingsQueryOptions).data?.contactEmail;
  return (
    <InfoPage title={t("Feedback")} backTo={back}>
      <p>
        {t(
          "Tell us what helps and what gets in your way. Found a wrong answer key? Send the exam and question.",
        )}
      </p>
      {email ? (
        <p>
          <Trans
            i18nKey={msg("Write to <email>{{email}}</email>.")}
            values={{ email }}
            components={{
              email: (
                <a className={linkClass} href={`mailto:${email}?subject=Feedback`}>
                  {email}
                </a>
              ),
            }}
          />
        </p>
      ) : null}
    </InfoPage>
  );
}
