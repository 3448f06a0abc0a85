import { InfoPage } from "./info-page.tsx";

// Screens whose full versions are still being built. Each says so plainly and links back.
const toDashboard = { to: "/student/dashboard", label: "Back to Dashboard" };

function Pending(props: { title: string; what: string; back?: { to: string; label: string } }) {
  return (
    <InfoPage title={props.title} backTo={props.back ?? toDashboard}>
      <p>{props.what}</p>
      <p className="text-sm text-muted-foreground">
        This screen is being built and is not available yet.
      </p>
    </InfoPage>
  );
}

export const QuizListPage = () => (
  <Pending title="Daily Quizzes" what="Daily current-affairs quizzes will be listed here." />
);
export const QuizAttemptPage = () => (
  <Pending
    title="Quiz"
    what="Quizzes open here."
    back={{ to: "/current-affairs/quizzes", label: "Back to Quizzes" }}
  />
);
