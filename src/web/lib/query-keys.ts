/**
 * Every React Query key of the client, in one typed registry (decision 032). A request file takes
 * its key from here; a mutation invalidates a key from here, also another feature's. A key is a
 * tree: invalidating `queryKeys.admin.exams.all` refreshes each list and option list below it.
 * `npm run lint` refuses a literal key anywhere else (scripts/lib/query-key-literals.ts).
 */
export type ListFilter = { search?: string; page: number; pageSize: number };

export const queryKeys = {
  session: ["session"],
  /** Extra time in tests (decision 048): the student's own request, the admins' list. */
  accommodations: {
    own: ["accommodations", "own"],
    admin: ["admin", "accommodations"],
    list: (filter: ListFilter) => ["admin", "accommodations", "list", filter],
  },
  /** Reminders (decision 044): the student's switches and device count; an unsubscribe link's state. */
  notifications: {
    settings: ["notifications", "settings"],
    unsubscribe: (token: string) => ["notifications", "unsubscribe", token],
  },
  /** A paper's public key-change log (decision 064), by exam or quiz id. */
  keyChanges: {
    all: ["key-changes"],
    log: (paperId: string) => ["key-changes", paperId],
  },
  settings: {
    all: ["settings"],
    public: ["settings", "public"],
    admin: ["settings", "admin"],
  },
  admin: {
    all: ["admin"],
    overview: ["admin", "overview"],
    /** What the site still needs before students see it (the dashboard's checklist). */
    setupChecklist: ["admin", "setup-checklist"],
    categories: {
      all: ["admin", "categories"],
      list: (filter: ListFilter) => ["admin", "categories", "list", filter],
      options: ["admin", "categories", "options"],
    },
    exams: {
      all: ["admin", "exams"],
      list: (filter: ListFilter) => ["admin", "exams", "list", filter],
      options: ["admin", "exams", "options"],
    },
    quizzes: {
      all: ["admin", "quizzes"],
      list: (filter: ListFilter) => ["admin", "quizzes", "list", filter],
      options: ["admin", "quizzes", "options"],
    },
    courses: {
      all: ["admin", "courses"],
      list: (filter: ListFilter) => ["admin", "courses", "list", filter],
      detail: (id: string) => ["admin", "courses", "detail", id],
      itemOptions: (kind: string) => ["admin", "courses", "item-options", kind],
    },
    liveTests: {
      all: ["admin", "live-tests"],
      list: (filter: ListFilter) => ["admin", "live-tests", "list", filter],
    },
    liveClasses: {
      all: ["admin", "live-classes"],
      list: (filter: object) => ["admin", "live-classes", "list", filter],
    },
    subjects: {
      all: ["admin", "subjects"],
      list: (filter: ListFilter) => ["admin", "subjects", "list", filter],
    },
    questions: {
      all: ["admin", "questions"],
      list: (filter: ListFilter & object) => ["admin", "questions", filter],
    },
    /** Not under questions: an import invalidates those, and a preview must not re-send the file. */
    csvImportPreview: (
      examId: string | null,
      quizId: string | null,
      fileId: number,
      createMissingTags: boolean,
    ) => ["admin", "csv-import-preview", examId, quizId, fileId, createMissingTags],
    /** Item analysis per exam or quiz; a regrade refreshes the whole branch. */
    analysis: {
      all: ["admin", "analysis"],
      detail: (kind: string, id: string) => ["admin", "analysis", kind, id],
    },
    results: {
      all: ["admin", "results"],
      list: (filter: ListFilter) => ["admin", "results", filter],
      detail: (attemptId: string | null) => ["admin", "results", "detail", attemptId],
    },
    plans: {
      all: ["admin", "plans"],
      list: (filter: ListFilter) => ["admin", "plans", "list", filter],
    },
    userSubscriptions: {
      all: ["admin", "user-subscriptions"],
      list: (filter: ListFilter) => ["admin", "user-subscriptions", filter],
      detail: (id: string | null) => ["admin", "user-subscriptions", "detail", id],
    },
    paymentSettings: ["admin", "payment-settings", "razorpay"],
    /** The five legal pages (decision 040). */
    legalPages: ["admin", "legal-pages"],
    faqs: {
      all: ["admin", "faqs"],
      list: (filter: ListFilter) => ["admin", "faqs", "list", filter],
    },
    /** Refer and earn (decisions 043 and 058): every referral, and the programme's settings. */
    referrals: {
      all: ["admin", "referrals"],
      list: (filter: ListFilter, status: string) => ["admin", "referrals", "list", status, filter],
      settings: ["admin", "referrals", "settings"],
    },
    support: {
      all: ["admin", "support"],
      tickets: (filter: ListFilter, status: string) => [
        "admin",
        "support",
        "tickets",
        status,
        filter,
      ],
      feedback: (filter: ListFilter) => ["admin", "support", "feedback", filter],
    },
    /** The queue of question reports (decision 064): open by question, or answered. */
    questionReports: {
      all: ["admin", "question-reports"],
      list: (filter: ListFilter, status: string) => [
        "admin",
        "question-reports",
        "list",
        status,
        filter,
      ],
    },
  },
  /** The public legal pages and FAQs; an admin's save refreshes the branch. */
  legal: {
    all: ["legal"],
    page: (slug: string) => ["legal", "page", slug],
    faqs: ["legal", "faqs"],
  },
  /**
   * The student's error reports (decision 064): their list, and each reviewed question's state
   * (fetched in batches; an answer or a new report refreshes the branch).
   */
  questionReports: {
    all: ["question-reports"],
    allMine: ["question-reports", "mine"],
    mine: (page: number) => ["question-reports", "mine", page],
    state: (questionId: string) => ["question-reports", "state", questionId],
  },
  /** The signed-in user's own support requests. */
  support: {
    all: ["support"],
    mine: (page: number) => ["support", "mine", page],
  },
  news: {
    /** Every news entry, public or admin: refreshed after an admin changes one. */
    all: ["news"],
    list: (page: number) => ["news", "list", page],
    article: (newsId: string) => ["news", "article", newsId],
    adminList: (page: number) => ["news", "admin", page],
    adminEntry: (newsId: string) => ["news", "entry", newsId],
  },
  quizzes: {
    all: ["quizzes"],
    list: (filter: string, page: number) => ["quizzes", filter, page],
  },
  quizOverview: (quizId: string) => ["quiz-overview", quizId],
  exams: {
    all: ["exams"],
    available: (filter: object) => ["exams", "available", filter],
  },
  examOverview: (examId: string) => ["exam-overview", examId],
  /** A live test's waiting room at the exam's address (decision 047), and its leaderboard. */
  liveTests: {
    all: ["live-tests"] as const,
    list: () => ["live-tests", "list"] as const,
    room: (examId: string) => ["live-tests", "room", examId] as const,
    leaderboard: (examId: string) => ["live-tests", "leaderboard", examId] as const,
  },
  /** Mains test series (decision 063): the student's, the mentors' and the admins' views. */
  mainsTests: {
    all: ["mains-tests"] as const,
    list: () => ["mains-tests", "list"] as const,
    overview: (id: string) => ["mains-tests", "overview", id] as const,
    booklet: (id: string) => ["mains-tests", "booklet", id] as const,
    result: (id: string) => ["mains-tests", "result", id] as const,
    progress: () => ["mains-tests", "progress"] as const,
    mentorQueue: () => ["mains-tests", "mentor", "queue"] as const,
    mentorWork: (id: string) => ["mains-tests", "mentor", "work", id] as const,
    mentorHeld: () => ["mains-tests", "mentor", "held"] as const,
    adminList: () => ["mains-tests", "admin", "list"] as const,
    adminListPage: (filter: ListFilter) => ["mains-tests", "admin", "list", filter] as const,
    adminSeries: () => ["mains-tests", "admin", "series"] as const,
    adminTest: (id: string) => ["mains-tests", "admin", "test", id] as const,
    adminResults: (id: string) => ["mains-tests", "admin", "results", id] as const,
    adminResultsPage: (id: string, filter: ListFilter) =>
      ["mains-tests", "admin", "results", id, filter] as const,
    adminCalibration: (id: string) => ["mains-tests", "admin", "calibration", id] as const,
    adminAgreement: (paper = "all") => ["mains-tests", "admin", "agreement", paper] as const,
  },
  /** A practice test's or a revision session's start screen. */
  setOverview: (kind: string, id: string) => ["set-overview", kind, id],
  practice: {
    all: ["practice"],
    /** The builder's choices (subjects, topics, years, this month's allowance). */
    options: ["practice", "options"],
    /** The student's practice tests, newest first. */
    mine: ["practice", "mine"],
  },
  /** The revision notebook (decision 041): its counts, its pages, and a review's toggles. */
  revision: {
    all: ["revision"],
    summary: ["revision", "summary"],
    cardsAll: ["revision", "cards"],
    cards: (filter: object) => ["revision", "cards", filter],
    /** Which questions of one completed attempt are in the notebook ("Save for revision"). */
    attemptCards: (attemptId: string) => ["revision", "attempt-cards", attemptId],
  },
  categoryOptions: ["categories", "options"],
  /** Subjects and their topics by name (GET /api/subjects): filters and the question form. */
  subjectOptions: ["subjects", "options"],
  /**
   * Answer evaluation for mentors and admins (decision 042): the mentor's queue, desk, a copy and
   * what admins allow; Mains questions as their editors list them; the admins' mentors, copies,
   * summary and settings. Claiming, publishing and reassigning refresh the branches they touch.
   */
  mentor: {
    all: ["mentor"],
    queue: (filter: object) => ["mentor", "queue", filter],
    desk: ["mentor", "desk"],
    settings: ["mentor", "settings"],
    copy: (copyId: string) => ["mentor", "copy", copyId],
  },
  /** Courses (decision 043): the list and each course's syllabus with the viewer's progress. */
  courses: {
    all: ["courses"],
    list: ["courses", "list"],
    detail: (slug: string) => ["courses", "detail", slug],
  },
  /** Live classes (decision 043): the schedule, and the class live now or next. */
  liveClasses: {
    all: ["live-classes"],
    list: (filter: object) => ["live-classes", "list", filter],
    next: ["live-classes", "next"],
  },
  mainsQuestions: {
    all: ["mains-questions"],
    list: (filter: object) => ["mains-questions", "list", filter],
  },
  evaluationAdmin: {
    all: ["admin", "evaluation"],
    mentors: {
      all: ["admin", "evaluation", "mentors"],
      list: (filter: ListFilter) => ["admin", "evaluation", "mentors", "list", filter],
      options: ["admin", "evaluation", "mentors", "options"],
    },
    summary: ["admin", "evaluation", "summary"],
    copies: {
      all: ["admin", "evaluation", "copies"],
      list: (filter: ListFilter, status: string) => [
        "admin",
        "evaluation",
        "copies",
        status,
        filter,
      ],
    },
    settings: ["admin", "evaluation", "settings"],
  },
  attempts: {
    detail: (attemptId: string) => ["attempts", attemptId],
  },
  results: {
    all: ["results"],
    /** My Results, one page of one kind (or all kinds). */
    mine: (filter: { kind?: string; page: number }) => ["results", "mine", filter],
  },
  /** The student's diagnostic report of one attempt, and My Progress (decision 037). */
  analysis: {
    all: ["analysis"],
    attempt: (attemptId: string) => ["analysis", "attempt", attemptId],
    progress: ["analysis", "progress"],
  },
  /**
   * The PYQ explorer: its subjects, topics and years, the topic-by-year counts per
   * filter, and pages of questions (an answer updates the pages that hold the question).
   */
  pyq: {
    all: ["pyq"],
    filters: ["pyq", "filters"],
    trend: (filter: object) => ["pyq", "trend", filter],
    questions: {
      all: ["pyq", "questions"],
      list: (filter: object) => ["pyq", "questions", filter],
    },
  },
  /**
   * The student's Mains answer evaluation (decision 042): the questions (today's and the earlier
   * ones, a page at a time; the home page's card is the first page of one), "My evaluations",
   * and one question's answer page. A submission or a rating refreshes the whole branch.
   */
  answerEvaluation: {
    all: ["answer-evaluation"],
    questions: (filter: { page: number; pageSize: number }) => [
      "answer-evaluation",
      "questions",
      filter,
    ],
    mine: (filter: { page: number; pageSize: number }) => ["answer-evaluation", "mine", filter],
    question: (questionId: string) => ["answer-evaluation", "question", questionId],
  },
  /**
   * Study notes and videos (decision 043): the students' lists (by filter), one note or video,
   * progress per subject, and the admins' lists. A bookmark, a read or a save refreshes its branch.
   */
  library: {
    notes: {
      all: ["library", "notes"],
      list: (filter: object) => ["library", "notes", "list", filter],
      detail: (noteId: string) => ["library", "notes", "detail", noteId],
      progress: ["library", "notes", "progress"],
    },
    videos: {
      all: ["library", "videos"],
      list: (filter: object) => ["library", "videos", "list", filter],
      detail: (videoId: string) => ["library", "videos", "detail", videoId],
    },
    adminNotes: {
      all: ["library", "admin-notes"],
      list: (filter: ListFilter) => ["library", "admin-notes", "list", filter],
      detail: (noteId: string) => ["library", "admin-notes", "detail", noteId],
    },
    adminVideos: {
      all: ["library", "admin-videos"],
      list: (filter: ListFilter) => ["library", "admin-videos", "list", filter],
    },
  },
  /** The student's onboarding (target exam, done or not; GET /api/onboarding). */
  onboarding: ["onboarding"],
  home: {
    all: ["home"],
    quizzes: ["home", "quizzes"],
    previousYearPapers: ["home", "previous-year-papers"],
    mockTests: (section: string | undefined) => ["home", "mock-tests", section],
    /** The student's open attempts: the home page and the dashboard share this entry. */
    resume: ["home", "resume"],
    latestNews: ["home", "latest-news"],
    studyStreak: ["home", "study-streak"],
    /** The student dashboard's figures in one answer (GET /api/home/dashboard). */
    dashboard: ["home", "dashboard"],
    /** A visitor's sample questions (no keys). */
    sampleQuestions: ["home", "sample-questions"],
  },
  /** The student's Refer & Earn page and a register link's "Invited by" lookup. */
  referrals: {
    all: ["referrals"],
    mine: ["referrals", "me"],
    code: (code: string) => ["referrals", "code", code],
  },
  payments: {
    all: ["payments"],
    transactions: ["payments", "transactions"],
    receipt: (id: string) => ["payments", "receipt", id],
    billingState: ["payments", "billing-state"],
  },
  subscriptions: {
    all: ["subscriptions"],
    plans: ["subscriptions", "plans"],
    mine: ["subscriptions", "me"],
  },
  /**
   * The discussion under each question (decision 064): a question's threads (a page per sort),
   * the question above its discussion page, the reviews' counts, and the moderators' queue and
   * bans. A post, an edit or a mark refreshes the question's branch and the counts.
   */
  discussions: {
    all: ["discussions"],
    question: (questionId: string) => ["discussions", "question", questionId],
    thread: (questionId: string, filter: object) => [
      "discussions",
      "question",
      questionId,
      "thread",
      filter,
    ],
    questionView: (questionId: string) => ["discussions", "question", questionId, "view"],
    counts: {
      all: ["discussions", "counts"],
      of: (questionIds: string) => ["discussions", "counts", questionIds],
    },
    moderation: {
      all: ["discussions", "moderation"],
      queue: (filter: object) => ["discussions", "moderation", "queue", filter],
      bans: (filter: object) => ["discussions", "moderation", "bans", filter],
    },
  },
} as const;
