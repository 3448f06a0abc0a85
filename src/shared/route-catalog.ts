// Every route of the app in one place: its document title, who may open it, and a URL that
// opens it in the end-to-end accessibility pass. No React here, so the e2e suite and the server
// (which answers 404 for paths that are no route, and lists public pages in /sitemap.xml) can
// import it. A route added to src/web/app/router.tsx must be added here too
// (src/web/app/route-catalog.test.ts checks both ways).

export type RouteAccess = "public" | "student" | "admin" | "signed-in";

export type CatalogRoute = {
  /** The path exactly as router.tsx spells it, with a leading slash. */
  path: string;
  /** The page's name; the document title is "{title} · {app title}". */
  title: string;
  access: RouteAccess;
  /**
   * A URL that opens the page in the e2e pass. "{exam}", "{news}", "{quiz}" and "{attempt}" are filled with
   * real ids there; null skips a route that only redirects.
   */
  sample: string | null;
};

export const ROUTE_CATALOG: CatalogRoute[] = [
  { path: "/", title: "Home", access: "public", sample: "/" },
  { path: "/login", title: "Login", access: "public", sample: "/login" },
  { path: "/register", title: "Register", access: "public", sample: "/register" },
  {
    path: "/forgot-password",
    title: "Forgot Password",
    access: "public",
    sample: "/forgot-password",
  },
  { path: "/reset-password", title: "Reset Password", access: "public", sample: "/reset-password" },
  { path: "/news", title: "Daily News", access: "public", sample: "/news" },
  { path: "/news/:newsId", title: "Daily News", access: "public", sample: "/news/{news}" },
  { path: "/courses", title: "Courses", access: "public", sample: "/courses" },
  { path: "/live-classes", title: "Live Classes", access: "public", sample: "/live-classes" },
  { path: "/faqs", title: "FAQs", access: "public", sample: "/faqs" },
  { path: "/support", title: "Support", access: "public", sample: "/support" },
  { path: "/privacy-policy", title: "Privacy Policy", access: "public", sample: "/privacy-policy" },
  { path: "/feedback", title: "Feedback", access: "public", sample: "/feedback" },
  { path: "/terms", title: "Terms of Service", access: "public", sample: "/terms" },
  {
    path: "/refund-policy",
    title: "Refund and Cancellation",
    access: "public",
    sample: "/refund-policy",
  },
  { path: "/about", title: "About Us", access: "public", sample: "/about" },
  { path: "/contact", title: "Contact Us", access: "public", sample: "/contact" },
  { path: "/student/profile", title: "My Profile", access: "student", sample: "/student/profile" },
  { path: "/current-affairs", title: "Current Affairs", access: "signed-in", sample: null },
  {
    path: "/current-affairs/quizzes",
    title: "Quizzes",
    access: "signed-in",
    sample: "/current-affairs/quizzes",
  },
  {
    path: "/current-affairs/videos",
    title: "Current Affairs Videos",
    access: "signed-in",
    sample: "/current-affairs/videos",
  },
  {
    path: "/current-affairs/notes",
    title: "Current Affairs Notes",
    access: "signed-in",
    sample: "/current-affairs/notes",
  },
  {
    path: "/quiz/:quizId/attempt",
    title: "Quiz",
    access: "signed-in",
    sample: "/quiz/{quiz}/attempt",
  },
  { path: "/exam/:examId", title: "Exam", access: "signed-in", sample: "/exam/{exam}" },
  {
    path: "/results/:attemptId",
    title: "Exam Review",
    access: "signed-in",
    sample: "/results/{attempt}",
  },
  {
    path: "/student/study-materials/notes",
    title: "Study Notes",
    access: "signed-in",
    sample: "/student/study-materials/notes",
  },
  {
    path: "/student/answer-evaluation",
    title: "Answer Writing Evaluation",
    access: "signed-in",
    sample: "/student/answer-evaluation",
  },
  {
    path: "/student/transactions",
    title: "Transactions",
    access: "signed-in",
    sample: "/student/transactions",
  },
  {
    path: "/student/transactions/:transactionId/receipt",
    title: "Receipt",
    access: "student",
    // Needs a paid transaction of the signed-in student; e2e/subscriptions.spec.ts opens one.
    sample: null,
  },
  {
    path: "/student/refer-earn",
    title: "Refer & Earn",
    access: "signed-in",
    sample: "/student/refer-earn",
  },
  {
    path: "/student/dashboard",
    title: "Dashboard",
    access: "student",
    sample: "/student/dashboard",
  },
  {
    path: "/student/subscriptions",
    title: "Subscription Plans",
    access: "student",
    sample: "/student/subscriptions",
  },
  { path: "/student/exams", title: "Exams", access: "student", sample: "/student/exams" },
  { path: "/results", title: "My Results", access: "student", sample: "/results" },
  {
    path: "/student/progress",
    title: "My Progress",
    access: "student",
    sample: "/student/progress",
  },
  {
    path: "/admin/dashboard",
    title: "Admin Dashboard",
    access: "admin",
    sample: "/admin/dashboard",
  },
  { path: "/admin/exams", title: "Manage Exams", access: "admin", sample: "/admin/exams" },
  {
    path: "/admin/categories",
    title: "Exam Categories",
    access: "admin",
    sample: "/admin/categories",
  },
  {
    path: "/admin/subjects",
    title: "Subjects and Topics",
    access: "admin",
    sample: "/admin/subjects",
  },
  {
    path: "/admin/questions",
    title: "Manage Questions",
    access: "admin",
    sample: "/admin/questions",
  },
  { path: "/admin/quizzes", title: "Manage Quizzes", access: "admin", sample: "/admin/quizzes" },
  { path: "/admin/results", title: "Student Results", access: "admin", sample: "/admin/results" },
  {
    path: "/admin/exams/:examId/analysis",
    title: "Question Analysis",
    access: "admin",
    sample: "/admin/exams/{exam}/analysis",
  },
  {
    path: "/admin/quizzes/:quizId/analysis",
    title: "Question Analysis",
    access: "admin",
    sample: "/admin/quizzes/{quiz}/analysis",
  },
  { path: "/admin/account", title: "My Account", access: "admin", sample: "/admin/account" },
  { path: "/admin/settings", title: "Site Settings", access: "admin", sample: "/admin/settings" },
  {
    path: "/admin/payment-settings",
    title: "Payment Settings",
    access: "admin",
    sample: "/admin/payment-settings",
  },
  {
    path: "/admin/subscription-plans",
    title: "Subscription Plans",
    access: "admin",
    sample: "/admin/subscription-plans",
  },
  {
    path: "/admin/user-subscriptions",
    title: "User Subscriptions",
    access: "admin",
    sample: "/admin/user-subscriptions",
  },
  { path: "/admin/daily-news", title: "Daily News", access: "admin", sample: "/admin/daily-news" },
  {
    path: "/admin/support",
    title: "Support Requests",
    access: "admin",
    sample: "/admin/support",
  },
  { path: "/admin/feedback", title: "Feedback", access: "admin", sample: "/admin/feedback" },
  {
    path: "/admin/legal-pages",
    title: "Legal Pages",
    access: "admin",
    sample: "/admin/legal-pages",
  },
  { path: "/admin/faqs", title: "FAQs", access: "admin", sample: "/admin/faqs" },
  { path: "*", title: "Page Not Found", access: "public", sample: "/no-such-page" },
];
