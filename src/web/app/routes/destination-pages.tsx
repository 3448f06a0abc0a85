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
