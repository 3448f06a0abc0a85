import { useQuery } from "@tanstack/react-query";
import { publicSettingsQueryOptions } from "@web/lib/site-settings.ts";
import { Link } from "react-router";
import { InfoPage } from "./info-page.tsx";

const toDashboard = { to: "/student/dashboard", label: "Back to Dashboard" };

export function CoursesPage() {
  return (
    <InfoPage title="Courses">
      <p>Structured courses for Prelims and Mains are being prepared.</p>
      <p>
        Meanwhile, practise with{" "}
        <Link className="text-primary underline" to="/student/exams">
          mock tests
        </Link>{" "}
        and read the{" "}
        <Link className="text-primary underline" to="/news">
          daily news analysis
        </Link>
        .
      </p>
    </InfoPage>
  );
}

export function LiveClassesPage() {
  return (
    <InfoPage title="Live Classes">
      <p>
        No live classes are scheduled right now. Scheduled sessions will be listed here with their
        timings.
      </p>
    </InfoPage>
  );
}

export function StudyNotesPage() {
  return (
    <InfoPage title="Study Notes" backTo={toDashboard}>
      <p>
        Subject-wise notes are not published yet. The explanations in every exam review are the best
        notes for now.
      </p>
    </InfoPage>
  );
}

export function AnswerEvaluationPage() {
  return (
    <InfoPage title="Answer Writing Evaluation" backTo={toDashboard}>
      <p>
        Mentor evaluation of Mains answers is not open yet. Keep writing: one answer a day builds
        the habit.
      </p>
    </InfoPage>
  );
}

export function ReferEarnPage() {
  return (
    <InfoPage title="Refer & Earn" backTo={toDashboard}>
      <p>The referral programme has not started yet.</p>
    </InfoPage>
  );
}

export function FaqsPage() {
  return (
    <InfoPage title="Frequently Asked Questions" backTo={toDashboard}>
      <h2 className="font-semibold">What happens if my connection drops during an exam?</h2>
      <p>
        Every answer is saved as you choose it. Open the exam again to continue where you stopped.
      </p>
      <h2 className="font-semibold">Where do I see my scores?</h2>
      <p>
        In{" "}
        <Link className="text-primary underline" to="/results">
          My Results
        </Link>
        , with a review of every question.
      </p>
      <h2 className="font-semibold">I forgot my password.</h2>
      <p>
        Use{" "}
        <Link className="text-primary underline" to="/forgot-password">
          Forgot password
        </Link>{" "}
        on the login page.
      </p>
    </InfoPage>
  );
}

export function SupportPage() {
  const email = useQuery(publicSettingsQueryOptions).data?.contactEmail;
  return (
    <InfoPage title="Support" backTo={toDashboard}>
      <p>
        Need help with your account, a payment or a question in a test? Write to us and we will
        reply within two working days.
      </p>
      {email ? (
        <p>
          Email:{" "}
          <a className="text-primary underline" href={`mailto:${email}`}>
            {email}
          </a>
        </p>
      ) : null}
    </InfoPage>
  );
}

export function PrivacyPolicyPage() {
  return (
    <InfoPage title="Privacy Policy" backTo={toDashboard}>
      <p>
        We store the details you give us (name, email, mobile number, address, date of birth and
        photo) to run your account, and your answers and scores to show your results.
      </p>
      <p>
        Passwords are stored only as salted hashes. We do not sell your data, and you can ask
        support to delete your account.
      </p>
    </InfoPage>
  );
}

export function FeedbackPage() {
  const email = useQuery(publicSettingsQueryOptions).data?.contactEmail;
  return (
    <InfoPage title="Feedback" backTo={toDashboard}>
      <p>
        Tell us what helps and what gets in your way. Found a wrong answer key? Send the exam and
        question.
      </p>
      {email ? (
        <p>
          Write to{" "}
          <a className="text-primary underline" href={`mailto:${email}?subject=Feedback`}>
            {email}
          </a>
          .
        </p>
      ) : null}
    </InfoPage>
  );
}
