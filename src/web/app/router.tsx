import type { QueryClient } from "@tanstack/react-query";
import { Navigate, type RouteObject } from "react-router";
import { msg } from "../../shared/i18n/msg.ts";
import { RequireRole } from "./guards/require-role.tsx";
import { LoadingOverlay } from "./layouts/loading-overlay.tsx";
import { MainLayout } from "./layouts/main-layout.tsx";
import { type PagePreload, preloadLoader, shellLoader } from "./route-data.ts";
import {
  coursePreload,
  coursesPreload,
  dashboardPreload,
  examPreload,
  faqsPreload,
  homePreload,
  legalPreload,
  liveClassesPreload,
  newsArticlePreload,
  newsListPreload,
} from "./route-preloads.ts";

const QUIZ_LOGIN_TOAST = {
  title: msg("Login Required"),
  description: msg("Please log in to attempt quizzes."),
};

const legalPages = () => import("../features/legal/routes/legal-page.tsx");
const supportPages = async () => ({
  ...(await import("../features/support/routes/support-page.tsx")),
  ...(await import("../features/support/routes/feedback-page.tsx")),
});
const currentAffairs = () =>
  import("../features/current-affairs/routes/current-affairs-layout.tsx");
// Study notes and video lessons (decision 043).
const notesPages = async () => ({
  ...(await import("../features/library/routes/study-notes-page.tsx")),
  ...(await import("../features/library/routes/note-reader-page.tsx")),
  ...(await import("../features/library/routes/current-affairs-notes.tsx")),
});
const videoPages = () => import("../features/library/routes/videos-pages.tsx");

/**
 * The app's routes. Every page is its own chunk, so a visitor downloads only the screen they
 * open; a page that lists its first queries (`preload`) gets a loader that starts them with the
 * chunk, and the server renders its HTML with them (decision 046).
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const page = (
    path: string,
    load: () => Promise<React.ComponentType>,
    preload?: PagePreload,
  ): RouteObject => ({
    path,
    lazy: async () => ({ Component: await load() }),
    ...(preload ? { loader: preloadLoader(queryClient, preload) } : {}),
  });
  return [
    {
      element: <MainLayout />,
      hydrateFallbackElement: <LoadingOverlay />,
      loader: shellLoader(queryClient),
      children: [
        {
          index: true,
          lazy: async () => ({
            Component: (await import("../features/home/routes/home.tsx")).HomePage,
          }),
          loader: preloadLoader(queryClient, homePreload),
        },
        page("login", async () => (await import("../features/auth/routes/login.tsx")).LoginPage),
        page(
          "register",
          async () => (await import("../features/auth/routes/register.tsx")).RegisterPage,
        ),
        page(
          "forgot-password",
          async () =>
            (await import("../features/auth/routes/forgot-password.tsx")).ForgotPasswordPage,
        ),
        page(
          "reset-password",
          async () =>
            (await import("../features/auth/routes/reset-password.tsx")).ResetPasswordPage,
        ),
        page(
          "unsubscribe",
          async () =>
            (await import("../features/unsubscribe/routes/unsubscribe-page.tsx")).UnsubscribePage,
        ),
        page(
          "news",
          async () => (await import("../features/news/routes/news-list.tsx")).NewsListPage,
          newsListPreload,
        ),
        // A paper's public key-change log (decision 064); what changed shows behind the key gate.
        page(
          "exams/:examId/key-changes",
          async () =>
            (await import("../features/key-changes/routes/key-change-log-page.tsx"))
              .KeyChangeLogPage,
        ),
        page(
          "news/:newsId",
          async () => (await import("../features/news/routes/news-article.tsx")).NewsArticlePage,
          newsArticlePreload,
        ),
        // Outside the student guard so a logged-out visitor sees the spec's own message; the page
        // sends admins to their dashboard itself.
        page(
          "student/profile",
          async () => (await import("../features/profile/routes/profile-page.tsx")).ProfilePage,
        ),
        page(
          "courses",
          async () => (await import("../features/courses/routes/courses-page.tsx")).CoursesPage,
          coursesPreload,
        ),
        page(
          "courses/:slug",
          async () => (await import("../features/courses/routes/course-page.tsx")).CoursePage,
          coursePreload,
        ),
        page(
          "live-classes",
          async () =>
            (await import("../features/live-classes/routes/live-classes-page.tsx")).LiveClassesPage,
          liveClassesPreload,
        ),
        page(
          "faqs",
          async () => (await import("../features/legal/routes/faqs-page.tsx")).FaqsPage,
          faqsPreload,
        ),
        page("support", async () => (await supportPages()).SupportPage),
        page("feedback", async () => (await supportPages()).FeedbackPage),
        page("terms", async () => (await legalPages()).TermsPage, legalPreload("terms")),
        page(
          "refund-policy",
          async () => (await legalPages()).RefundPolicyPage,
          legalPreload("refund"),
        ),
        page(
          "privacy-policy",
          async () => (await legalPages()).PrivacyPolicyPage,
          legalPreload("privacy"),
        ),
        page("about", async () => (await legalPages()).AboutPage, legalPreload("about")),
        page("contact", async () => (await legalPages()).ContactPage, legalPreload("contact")),
        {
          // Quizzes: a visitor is told why they are sent to log in (spec: Login Required).
          element: <RequireRole roles={["student", "admin"]} loginToast={QUIZ_LOGIN_TOAST} />,
          children: [
            {
              path: "current-affairs",
              lazy: async () => ({ Component: (await currentAffairs()).CurrentAffairsLayout }),
              children: [
                { index: true, element: <Navigate to="quizzes" replace /> },
                page(
                  "quizzes",
                  async () =>
                    (await import("../features/quizzes/routes/quiz-list.tsx")).QuizListPage,
                ),
                page("videos", async () => (await videoPages()).CurrentAffairsVideosPage),
                page("notes", async () => (await notesPages()).CurrentAffairsNotesPage),
              ],
            },
            page(
              "quiz/:quizId/attempt",
              async () =>
                (await import("../features/exams/routes/quiz-attempt.tsx")).QuizAttemptPage,
            ),
          ],
        },
        {
          element: <RequireRole roles={["student", "admin"]} />,
          children: [
            page(
              "exam/:examId",
              async () =>
                (await import("../features/exams/routes/attempt-page.tsx")).ExamAttemptPage,
              examPreload,
            ),
            // A Mains test (decision 063): its start screen, then its paper and booklet.
            page(
              "student/mains-tests/:testId",
              async () =>
                (await import("../features/exams/routes/attempt-page.tsx")).MainsAttemptPage,
            ),
            page(
              "practice/:practiceId",
              async () =>
                (await import("../features/exams/routes/attempt-page.tsx")).PracticeAttemptPage,
            ),
            page(
              "results/:attemptId",
              async () =>
                (await import("../features/exams/routes/attempt-review.tsx")).AttemptReviewPage,
            ),
            page("student/study-materials/notes", async () => (await notesPages()).StudyNotesPage),
            page(
              "student/study-materials/notes/:noteId",
              async () => (await notesPages()).NoteReaderPage,
            ),
            page(
              "student/study-materials/videos",
              async () => (await videoPages()).StudyVideosPage,
            ),
            page("videos/:videoId", async () => (await videoPages()).VideoPage),
          ],
        },
        {
          element: <RequireRole roles={["student"]} />,
          children: [
            page(
              "student/refer-earn",
              async () =>
                (await import("../features/referrals/routes/refer-earn-page.tsx")).ReferEarnPage,
            ),
            page(
              "student/dashboard",
              async () =>
                (await import("../features/dashboard/routes/student-dashboard.tsx"))
                  .StudentDashboardPage,
              dashboardPreload,
            ),
            page(
              "student/welcome",
              async () =>
                (await import("../features/onboarding/routes/welcome-page.tsx")).WelcomePage,
            ),
            page(
              "student/subscriptions",
              async () =>
                (await import("../features/subscriptions/routes/subscriptions-page.tsx"))
                  .SubscriptionsPage,
            ),
            page(
              "student/transactions",
              async () =>
                (await import("../features/subscriptions/routes/transactions-page.tsx"))
                  .TransactionsPage,
            ),
            page(
              "student/transactions/:transactionId/receipt",
              async () =>
                (await import("../features/subscriptions/routes/receipt-page.tsx")).ReceiptPage,
            ),
            page(
              "student/exams",
              async () =>
                (await import("../features/exams/routes/available-exams.tsx")).AvailableExamsPage,
            ),
            page(
              "results",
              async () => (await import("../features/exams/routes/my-results.tsx")).MyResultsPage,
            ),
            page(
              "student/practice",
              async () =>
                (await import("../features/practice/routes/practice-page.tsx")).PracticePage,
            ),
            page(
              "student/progress",
              async () =>
                (await import("../features/analysis/routes/my-progress.tsx")).MyProgressPage,
            ),
            page(
              "student/pyq",
              async () => (await import("../features/pyq/routes/pyq-page.tsx")).PyqPage,
            ),
            page(
              "student/revision",
              async () =>
                (await import("../features/revision/routes/revision-page.tsx")).RevisionPage,
            ),
            page(
              "student/mains-tests",
              async () =>
                (await import("../features/mains-tests/routes/mains-tests-page.tsx"))
                  .MainsTestsPage,
            ),
            // Mains answer evaluation (decision 042): the questions, and one question's answer.
            page(
              "student/answer-evaluation",
              async () =>
                (await import("../features/answer-evaluation/routes/answer-evaluation-page.tsx"))
                  .AnswerEvaluationPage,
            ),
            page(
              "student/answer-evaluation/:questionId",
              async () =>
                (await import("../features/answer-evaluation/routes/answer-page.tsx")).AnswerPage,
            ),
            // A Mains test's result and the series' progress (decision 063).
            page(
              "student/mains-tests/:testId/result",
              async () =>
                (await import("../features/mains-tests/routes/mains-result-page.tsx"))
                  .MainsResultPage,
            ),
            page(
              "student/mains-tests/progress",
              async () =>
                (await import("../features/mains-tests/routes/mains-progress-page.tsx"))
                  .MainsProgressPage,
            ),
            // The student's error reports and their answers (decision 064).
            page(
              "student/question-reports",
              async () =>
                (await import("../features/question-reports/routes/my-reports-page.tsx"))
                  .MyReportsPage,
            ),
            // A revision session is its student's own: the one attempt page runs it.
            page(
              "revision/:revisionId",
              async () =>
                (await import("../features/exams/routes/attempt-page.tsx")).RevisionAttemptPage,
            ),
          ],
        },
        {
          element: <RequireRole roles={["admin"]} />,
          children: [
            page(
              "admin/dashboard",
              async () =>
                (await import("../features/admin/routes/admin-dashboard.tsx")).AdminDashboardPage,
            ),
            page(
              "admin/exams",
              async () =>
                (await import("../features/admin-content/routes/manage-exams.tsx")).ManageExamsPage,
            ),
            page(
              "admin/categories",
              async () =>
                (await import("../features/admin-content/routes/manage-categories.tsx"))
                  .ManageCategoriesPage,
            ),
            page(
              "admin/subjects",
              async () =>
                (await import("../features/admin-content/routes/manage-subjects.tsx"))
                  .ManageSubjectsPage,
            ),
            page(
              "admin/questions",
              async () =>
                (await import("../features/admin-content/routes/manage-questions.tsx"))
                  .ManageQuestionsPage,
            ),
            page(
              "admin/quizzes",
              async () =>
                (await import("../features/admin-content/routes/manage-quizzes.tsx"))
                  .ManageQuizzesPage,
            ),
            page(
              "admin/results",
              async () =>
                (await import("../features/admin-content/routes/student-results.tsx"))
                  .StudentResultsPage,
            ),
            page(
              "admin/exams/:examId/analysis",
              async () =>
                (await import("../features/admin-analysis/routes/item-analysis-page.tsx"))
                  .ExamAnalysisPage,
            ),
            page(
              "admin/quizzes/:quizId/analysis",
              async () =>
                (await import("../features/admin-analysis/routes/item-analysis-page.tsx"))
                  .QuizAnalysisPage,
            ),
            page(
              "admin/account",
              async () =>
                (await import("../features/account-security/routes/admin-account-page.tsx"))
                  .AdminAccountPage,
            ),
            page(
              "admin/settings",
              async () =>
                (await import("../features/settings/routes/admin-settings.tsx")).AdminSettingsPage,
            ),
            page(
              "admin/payment-settings",
              async () =>
                (await import("../features/admin-billing/routes/payment-settings.tsx"))
                  .PaymentSettingsPage,
            ),
            page(
              "admin/subscription-plans",
              async () =>
                (await import("../features/admin-billing/routes/manage-plans.tsx")).ManagePlansPage,
            ),
            page(
              "admin/referrals",
              async () =>
                (await import("../features/admin-referrals/routes/admin-referrals.tsx"))
                  .AdminReferralsPage,
            ),
            page(
              "admin/user-subscriptions",
              async () =>
                (await import("../features/admin-billing/routes/user-subscriptions.tsx"))
                  .UserSubscriptionsPage,
            ),
            page(
              "admin/daily-news",
              async () =>
                (await import("../features/admin-news/routes/admin-daily-news.tsx"))
                  .AdminDailyNewsPage,
            ),
            page(
              "admin/support",
              async () =>
                (await import("../features/admin-support/routes/admin-support.tsx"))
                  .AdminSupportPage,
            ),
            // Students' error reports in questions, by question (decision 064).
            page(
              "admin/question-reports",
              async () =>
                (
                  await import(
                    "../features/admin-question-reports/routes/admin-question-reports.tsx"
                  )
                ).AdminQuestionReportsPage,
            ),
            page(
              "admin/feedback",
              async () =>
                (await import("../features/admin-support/routes/admin-feedback.tsx"))
                  .AdminFeedbackPage,
            ),
            page(
              "admin/legal-pages",
              async () =>
                (await import("../features/admin-legal/routes/admin-legal-pages.tsx"))
                  .AdminLegalPagesPage,
            ),
            page(
              "admin/faqs",
              async () =>
                (await import("../features/admin-legal/routes/admin-faqs.tsx")).AdminFaqsPage,
            ),
            // Answer evaluation (decision 042): mentors, Mains questions, copies and settings.
            page(
              "admin/mentors",
              async () =>
                (await import("../features/admin-evaluation/routes/admin-mentors.tsx"))
                  .AdminMentorsPage,
            ),
            page(
              "admin/accommodations",
              async () =>
                (await import("../features/admin-accommodations/routes/admin-accommodations.tsx"))
                  .AdminAccommodationsPage,
            ),
            page(
              "admin/courses",
              async () =>
                (await import("../features/admin-courses/routes/admin-courses.tsx"))
                  .AdminCoursesPage,
            ),
            page(
              "admin/live-tests",
              async () =>
                (await import("../features/admin-content/routes/admin-live-tests.tsx"))
                  .AdminLiveTestsPage,
            ),
            page(
              "admin/live-classes",
              async () =>
                (await import("../features/admin-live-classes/routes/admin-live-classes.tsx"))
                  .AdminLiveClassesPage,
            ),
            page(
              "admin/notes",
              async () =>
                (await import("../features/library/routes/admin-notes.tsx")).AdminNotesPage,
            ),
            page(
              "admin/videos",
              async () =>
                (await import("../features/library/routes/admin-videos.tsx")).AdminVideosPage,
            ),
            // Mains test series (decision 063): the tests, their papers and series.
            page(
              "admin/mains-tests",
              async () =>
                (await import("../features/admin-mains-tests/routes/admin-mains-tests.tsx"))
                  .AdminMainsTestsPage,
            ),
            page(
              "admin/mains-tests/:id",
              async () =>
                (await import("../features/admin-mains-tests/routes/admin-mains-test.tsx"))
                  .AdminMainsTestPage,
            ),
            page(
              "admin/mains-questions",
              async () =>
                (await import("../features/admin-evaluation/routes/admin-mains-questions.tsx"))
                  .AdminMainsQuestionsPage,
            ),
            page(
              "admin/mains-tests/:id/results",
              async () =>
                (await import("../features/admin-mains-tests/routes/admin-mains-results.tsx"))
                  .AdminMainsResultsPage,
            ),
            page(
              "admin/evaluations",
              async () =>
                (await import("../features/admin-evaluation/routes/admin-evaluations.tsx"))
                  .AdminEvaluationsPage,
            ),
            page(
              "admin/mains-calibration",
              async () =>
                (await import("../features/admin-mains-calibration/routes/agreement-page.tsx"))
                  .ExaminerAgreementPage,
            ),
            // Discussion under each question (decision 064): its moderation.
            page(
              "admin/discussions",
              async () =>
                (await import("../features/discussion-moderation/routes/discussions-page.tsx"))
                  .AdminDiscussionsPage,
            ),
            page(
              "admin/mains-tests/:testId/calibration",
              async () =>
                (await import("../features/admin-mains-calibration/routes/calibration-page.tsx"))
                  .MarkingCalibrationPage,
            ),
          ],
        },
        // The mentor's workspace (decision 042), and the invitation any signed-in user may accept.
        {
          element: <RequireRole roles={["mentor"]} />,
          children: [
            page(
              "mentor",
              async () =>
                (await import("../features/mentor/routes/mentor-desk.tsx")).MentorDeskPage,
            ),
            page(
              "mentor/copies/:copyId",
              async () =>
                (await import("../features/mentor/routes/evaluate-copy.tsx")).EvaluateCopyPage,
            ),
            page(
              "mentor/mains",
              async () =>
                (await import("../features/mentor/routes/mains-queue.tsx")).MainsQueuePage,
            ),
            page(
              "mentor/mains/marks/:markId",
              async () => (await import("../features/mentor/routes/mains-work.tsx")).MainsWorkPage,
            ),
            page(
              "mentor/discussions",
              async () =>
                (await import("../features/discussion-moderation/routes/discussions-page.tsx"))
                  .MentorDiscussionsPage,
            ),
            page(
              "mentor/questions",
              async () =>
                (await import("../features/mentor/routes/mentor-questions.tsx"))
                  .MentorQuestionsPage,
            ),
          ],
        },
        {
          element: <RequireRole roles={["student", "admin", "mentor"]} />,
          children: [
            page(
              "mentor/join",
              async () =>
                (await import("../features/mentor/routes/mentor-join.tsx")).MentorJoinPage,
            ),
            // A question's discussion (decision 064), where its notifications lead: the server's
            // key gate decides who reaches it; mentors and admins moderate it there.
            page(
              "questions/:questionId/discussion",
              async () =>
                (
                  await import(
                    "../features/question-discussion/routes/question-discussion-page.tsx"
                  )
                ).QuestionDiscussionPage,
            ),
          ],
        },
        page("*", async () => (await import("./routes/not-found.tsx")).NotFoundPage),
      ],
    },
  ];
}
