// Every route of the app in one place: its document title, who may open it, and a URL that
// opens it in the end-to-end accessibility pass. No React here, so the e2e suite and the server
// (which answers 404 for paths that are no route, and lists public pages in /sitemap.xml) can
// import it. A route added to src/web/app/router.tsx must be added here too
// (src/web/app/route-catalog.test.ts checks both ways).

import type { Role } from "./constants.ts";
import { msg } from "./i18n/msg.ts";

/**
 * "signed-in": students and admins (the attempt and study pages), not mentors; "mentor": the
 * evaluation workspace (decision 042). src/web/app/route-catalog.test.ts checks each guarded
 * route's roles against its guard in router.tsx.
 */
export type RouteAccess = "public" | "student" | "admin" | "mentor" | "signed-in";

/** The roles each access opens a route to; null: everyone, signed in or not. */
const ACCESS_ROLES = {
  public: null,
  student: ["student"],
  admin: ["admin"],
  mentor: ["mentor"],
  "signed-in": ["student", "admin"],
} as const satisfies Record<RouteAccess, readonly Role[] | null>;

export type CatalogRoute = {
  /** The path exactly as router.tsx spells it, with a leading slash. */
  path: string;
  /**
   * The page's name, in English marked with `msg()`; the document title is "{title} · {app
   * title}" with the name in the reader's language (main-layout.tsx shows it through `t()`).
   */
  title: string;
  access: RouteAccess;
  /**
   * Roles the route opens to besides its access's own, e.g. a mentor's own profile at
   * /student/profile (decision 042). The e2e pass visits a route as its access says.
   */
  alsoFor?: readonly Role[];
  /** A public page that is no destination of its own (an email's link): left out of the sitemap. */
  unlisted?: true;
  /**
   * A URL that opens the page in the e2e pass. "{exam}", "{news}", "{quiz}", "{practice}", "{revision}" and "{attempt}" are filled with
   * real ids there; null skips a route that only redirects.
   */
  sample: string | null;
};

export const ROUTE_CATALOG: CatalogRoute[] = [
  { path: "/", title: msg("Home"), access: "public", sample: "/" },
  { path: "/login", title: msg("Login"), access: "public", sample: "/login" },
  { path: "/register", title: msg("Register"), access: "public", sample: "/register" },
  {
    path: "/forgot-password",
    title: msg("Forgot Password"),
    access: "public",
    sample: "/forgot-password",
  },
  {
    path: "/reset-password",
    title: msg("Reset Password"),
    access: "public",
    sample: "/reset-password",
  },
  // A reminder email's unsubscribe link (decision 044); without a valid token it says so.
  {
    path: "/unsubscribe",
    title: msg("Reminder emails"),
    access: "public",
    unlisted: true,
    sample: "/unsubscribe?token=sample",
  },
  { path: "/news", title: msg("Daily News"), access: "public", sample: "/news" },
  {
    path: "/exams/:examId/key-changes",
    title: msg("Key-change log"),
    access: "public",
    unlisted: true,
    sample: "/exams/{exam}/key-changes",
  },
  { path: "/news/:newsId", title: msg("Daily News"), access: "public", sample: "/news/{news}" },
  { path: "/courses", title: msg("Courses"), access: "public", sample: "/courses" },
  // A published course's page (decision 043); e2e/study.spec.ts opens one.
  { path: "/courses/:slug", title: msg("Course"), access: "public", sample: null },
  { path: "/live-classes", title: msg("Live Classes"), access: "public", sample: "/live-classes" },
  { path: "/faqs", title: msg("FAQs"), access: "public", sample: "/faqs" },
  { path: "/support", title: msg("Support"), access: "public", sample: "/support" },
  {
    path: "/privacy-policy",
    title: msg("Privacy Policy"),
    access: "public",
    sample: "/privacy-policy",
  },
  { path: "/feedback", title: msg("Feedback"), access: "public", sample: "/feedback" },
  { path: "/terms", title: msg("Terms of Service"), access: "public", sample: "/terms" },
  {
    path: "/refund-policy",
    title: msg("Refund and Cancellation"),
    access: "public",
    sample: "/refund-policy",
  },
  { path: "/about", title: msg("About Us"), access: "public", sample: "/about" },
  { path: "/contact", title: msg("Contact Us"), access: "public", sample: "/contact" },
  {
    path: "/student/profile",
    title: msg("My Profile"),
    access: "student",
    alsoFor: ["mentor"],
    sample: "/student/profile",
  },
  { path: "/current-affairs", title: msg("Current Affairs"), access: "signed-in", sample: null },
  {
    path: "/current-affairs/quizzes",
    title: msg("Quizzes"),
    access: "signed-in",
    sample: "/current-affairs/quizzes",
  },
  {
    path: "/current-affairs/videos",
    title: msg("Current Affairs Videos"),
    access: "signed-in",
    sample: "/current-affairs/videos",
  },
  {
    path: "/current-affairs/notes",
    title: msg("Current Affairs Notes"),
    access: "signed-in",
    sample: "/current-affairs/notes",
  },
  {
    path: "/quiz/:quizId/attempt",
    title: msg("Quiz"),
    access: "signed-in",
    sample: "/quiz/{quiz}/attempt",
  },
  { path: "/exam/:examId", title: msg("Exam"), access: "signed-in", sample: "/exam/{exam}" },
  {
    path: "/practice/:practiceId",
    title: msg("Practice test"),
    access: "signed-in",
    sample: "/practice/{practice}",
  },
  {
    path: "/results/:attemptId",
    title: msg("Exam Review"),
    access: "signed-in",
    sample: "/results/{attempt}",
  },
  {
    path: "/student/study-materials/notes",
    title: msg("Study Notes"),
    access: "signed-in",
    sample: "/student/study-materials/notes",
  },
  // Study notes and video lessons (decision 043).
  {
    path: "/student/study-materials/notes/:noteId",
    title: msg("Study Notes"),
    access: "signed-in",
    // Needs a published note's id: the lead's journey (e2e) fills it from the demo seed.
    sample: null,
  },
  {
    path: "/student/study-materials/videos",
    title: msg("Video Lessons"),
    access: "signed-in",
    sample: "/student/study-materials/videos",
  },
  // Needs a published video's id, as for a note above.
  { path: "/videos/:videoId", title: msg("Video Lessons"), access: "signed-in", sample: null },
  // Mains test series (decision 063): the list, and a test's start screen and booklet.
  {
    path: "/student/mains-tests",
    title: msg("Mains tests"),
    access: "student",
    sample: "/student/mains-tests",
  },
  {
    path: "/student/mains-tests/:testId",
    title: msg("Mains test"),
    access: "signed-in",
    // Needs a published Mains test; the demo seeds one.
    sample: null,
  },
  // Mains answer evaluation (decision 042): the student's own; the server refuses admins.
  {
    path: "/student/answer-evaluation",
    title: msg("Answer Evaluation"),
    access: "student",
    sample: "/student/answer-evaluation",
  },
  {
    path: "/student/answer-evaluation/:questionId",
    title: msg("Answer Evaluation"),
    access: "student",
    // Needs a published Mains question; the evaluation journey opens one.
    sample: null,
  },
  // A Mains test's result (decision 063): needs a test the student took; the journey opens one.
  {
    path: "/student/mains-tests/:testId/result",
    title: msg("Mains result"),
    access: "student",
    sample: null,
  },
  {
    path: "/student/mains-tests/progress",
    title: msg("Mains progress"),
    access: "student",
    sample: "/student/mains-tests/progress",
  },
  {
    path: "/student/transactions",
    title: msg("Transactions"),
    access: "student",
    sample: "/student/transactions",
  },
  {
    path: "/student/transactions/:transactionId/receipt",
    title: msg("Receipt"),
    access: "student",
    // Needs a paid transaction of the signed-in student; e2e/subscriptions.spec.ts opens one.
    sample: null,
  },
  {
    path: "/student/refer-earn",
    title: msg("Refer & Earn"),
    access: "student",
    sample: "/student/refer-earn",
  },
  {
    path: "/student/dashboard",
    title: msg("Dashboard"),
    access: "student",
    sample: "/student/dashboard",
  },
  // The revision notebook (decision 041) and a revision session (the one attempt page).
  {
    path: "/student/revision",
    title: msg("Revision"),
    access: "student",
    sample: "/student/revision",
  },
  {
    path: "/revision/:revisionId",
    title: msg("Revision"),
    access: "student",
    // A revision session of the signed-in student's own due cards (e2e/a11y-helpers.ts).
    sample: "/revision/{revision}",
  },
  // A new student's onboarding: after sign-up, and offered once at a sign-in.
  {
    path: "/student/welcome",
    title: msg("Welcome"),
    access: "student",
    sample: "/student/welcome",
  },
  {
    path: "/student/subscriptions",
    title: msg("Subscription Plans"),
    access: "student",
    sample: "/student/subscriptions",
  },
  { path: "/student/exams", title: msg("Exams"), access: "student", sample: "/student/exams" },
  { path: "/results", title: msg("My Results"), access: "student", sample: "/results" },
  // The student's error reports in questions and their answers (decision 064).
  {
    path: "/student/question-reports",
    title: msg("My error reports"),
    access: "student",
    sample: "/student/question-reports",
  },
  {
    path: "/student/practice",
    title: msg("Practice"),
    access: "student",
    sample: "/student/practice",
  },
  {
    path: "/student/progress",
    title: msg("My Progress"),
    access: "student",
    sample: "/student/progress",
  },
  // The Previous-Year Question explorer.
  {
    path: "/student/pyq",
    title: msg("Previous Year Questions"),
    access: "student",
    sample: "/student/pyq",
  },
  {
    path: "/admin/dashboard",
    title: msg("Admin Dashboard"),
    access: "admin",
    sample: "/admin/dashboard",
  },
  { path: "/admin/exams", title: msg("Manage Exams"), access: "admin", sample: "/admin/exams" },
  {
    path: "/admin/categories",
    title: msg("Exam Categories"),
    access: "admin",
    sample: "/admin/categories",
  },
  {
    path: "/admin/subjects",
    title: msg("Subjects and Topics"),
    access: "admin",
    sample: "/admin/subjects",
  },
  {
    path: "/admin/questions",
    title: msg("Manage Questions"),
    access: "admin",
    sample: "/admin/questions",
  },
  {
    path: "/admin/quizzes",
    title: msg("Manage Quizzes"),
    access: "admin",
    sample: "/admin/quizzes",
  },
  {
    path: "/admin/results",
    title: msg("Student Results"),
    access: "admin",
    sample: "/admin/results",
  },
  {
    path: "/admin/exams/:examId/analysis",
    title: msg("Question Analysis"),
    access: "admin",
    sample: "/admin/exams/{exam}/analysis",
  },
  {
    path: "/admin/quizzes/:quizId/analysis",
    title: msg("Question Analysis"),
    access: "admin",
    sample: "/admin/quizzes/{quiz}/analysis",
  },
  { path: "/admin/account", title: msg("My Account"), access: "admin", sample: "/admin/account" },
  {
    path: "/admin/settings",
    title: msg("Site Settings"),
    access: "admin",
    sample: "/admin/settings",
  },
  {
    path: "/admin/payment-settings",
    title: msg("Payment Settings"),
    access: "admin",
    sample: "/admin/payment-settings",
  },
  {
    path: "/admin/subscription-plans",
    title: msg("Subscription Plans"),
    access: "admin",
    sample: "/admin/subscription-plans",
  },
  {
    path: "/admin/referrals",
    title: msg("Referrals"),
    access: "admin",
    sample: "/admin/referrals",
  },
  {
    path: "/admin/user-subscriptions",
    title: msg("User Subscriptions"),
    access: "admin",
    sample: "/admin/user-subscriptions",
  },
  {
    path: "/admin/daily-news",
    title: msg("Daily News"),
    access: "admin",
    sample: "/admin/daily-news",
  },
  {
    path: "/admin/support",
    title: msg("Support Requests"),
    access: "admin",
    sample: "/admin/support",
  },
  { path: "/admin/feedback", title: msg("Feedback"), access: "admin", sample: "/admin/feedback" },
  // Students' error reports in questions, by question (decision 064).
  {
    path: "/admin/question-reports",
    title: msg("Question reports"),
    access: "admin",
    sample: "/admin/question-reports",
  },
  {
    path: "/admin/legal-pages",
    title: msg("Legal Pages"),
    access: "admin",
    sample: "/admin/legal-pages",
  },
  { path: "/admin/faqs", title: msg("FAQs"), access: "admin", sample: "/admin/faqs" },
  // Answer evaluation (decision 042): the admins' screens, the mentor's workspace, the invitation.
  { path: "/admin/mentors", title: msg("Mentors"), access: "admin", sample: "/admin/mentors" },
  // Extra time in tests for students with disabilities (decision 048).
  {
    path: "/admin/accommodations",
    title: msg("Accommodations"),
    access: "admin",
    sample: "/admin/accommodations",
  },
  // Courses and live classes (decision 043).
  { path: "/admin/courses", title: msg("Courses"), access: "admin", sample: "/admin/courses" },
  {
    path: "/admin/live-tests",
    title: msg("Live Tests"),
    access: "admin",
    sample: "/admin/live-tests",
  },
  {
    path: "/admin/live-classes",
    title: msg("Live Classes"),
    access: "admin",
    sample: "/admin/live-classes",
  },
  { path: "/admin/notes", title: msg("Manage Notes"), access: "admin", sample: "/admin/notes" },
  { path: "/admin/videos", title: msg("Manage Videos"), access: "admin", sample: "/admin/videos" },
  {
    path: "/admin/mains-tests",
    title: msg("Mains Tests"),
    access: "admin",
    sample: "/admin/mains-tests",
  },
  {
    path: "/admin/mains-tests/:id",
    title: msg("Mains Test"),
    access: "admin",
    // Needs a Mains test's id; the demo seeds one.
    sample: null,
  },
  {
    path: "/admin/mains-questions",
    title: msg("Mains Questions"),
    access: "admin",
    sample: "/admin/mains-questions",
  },
  // Needs a Mains test's id.
  {
    path: "/admin/mains-tests/:id/results",
    title: msg("Mains results"),
    access: "admin",
    sample: null,
  },
  {
    path: "/admin/evaluations",
    title: msg("Evaluations"),
    access: "admin",
    sample: "/admin/evaluations",
  },
  // Mains examiners' calibration (decision 063).
  {
    path: "/admin/mains-calibration",
    title: msg("Examiner agreement"),
    access: "admin",
    sample: "/admin/mains-calibration",
  },
  {
    path: "/admin/mains-tests/:testId/calibration",
    title: msg("Marking calibration"),
    access: "admin",
    // Needs a Mains test with markings, made per run.
    sample: null,
  },
  // Discussion under each question (decision 064): its moderation.
  {
    path: "/admin/discussions",
    title: msg("Discussions"),
    access: "admin",
    sample: "/admin/discussions",
  },
  { path: "/mentor", title: msg("Evaluations"), access: "mentor", sample: "/mentor" },
  {
    path: "/mentor/copies/:copyId",
    title: msg("Evaluate Answer"),
    access: "mentor",
    // Needs a copy the signed-in mentor has claimed; the evaluation journey opens one.
    sample: null,
  },
  { path: "/mentor/mains", title: msg("Mains tests"), access: "mentor", sample: "/mentor/mains" },
  {
    path: "/mentor/mains/marks/:markId",
    title: msg("Mark answer"),
    access: "mentor",
    // Needs an answer the signed-in mentor has claimed.
    sample: null,
  },
  {
    path: "/mentor/discussions",
    title: msg("Discussions"),
    access: "mentor",
    sample: "/mentor/discussions",
  },
  {
    path: "/mentor/questions",
    title: msg("Mains Questions"),
    access: "mentor",
    sample: "/mentor/questions",
  },
  {
    path: "/mentor/join",
    title: msg("Mentor Invitation"),
    access: "signed-in",
    alsoFor: ["mentor"],
    sample: "/mentor/join?token=sample-invitation",
  },
  // A question's discussion (decision 064): a notification's link. Needs a question the student
  // answered; the key gate answers "not available" otherwise.
  {
    path: "/questions/:questionId/discussion",
    title: msg("Discussion"),
    access: "signed-in",
    alsoFor: ["mentor"],
    sample: null,
  },
  { path: "*", title: msg("Page Not Found"), access: "public", sample: "/no-such-page" },
];

/** Who may open a route: its access's roles and its `alsoFor`; null for a public route. */
export function rolesFor(route: Pick<CatalogRoute, "access" | "alsoFor">): readonly Role[] | null {
  const roles = ACCESS_ROLES[route.access];
  return roles === null ? null : [...roles, ...(route.alsoFor ?? [])];
}

/** rolesFor the catalogued route with exactly this path (as router.tsx spells it). */
export function rolesForPath(path: string): readonly Role[] | null {
  const route = ROUTE_CATALOG.find((r) => r.path === path);
  if (!route) throw new Error(`no catalogued route ${path}`);
  return rolesFor(route);
}
