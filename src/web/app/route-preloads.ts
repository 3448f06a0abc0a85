import type { LegalSlug } from "../../shared/legal.ts";
import { dashboardQueryOptions } from "../features/dashboard/api/get-dashboard.ts";
import { examOverviewQueryOptions } from "../features/exams/api/attempts.ts";
import { type LiveRoom, liveRoomQueryOptions } from "../features/exams/api/live-tests.ts";
import {
  homePlansQueryOptions,
  homeQuizzesQueryOptions,
  latestNewsQueryOptions,
  mockTestsQueryOptions,
  previousYearPapersQueryOptions,
  resumableAttemptsQueryOptions,
  sampleQuestionsQueryOptions,
} from "../features/home/api/home-lists.ts";
import { studyStreakQueryOptions } from "../features/home/api/study-streak.ts";
import { todaysMainsQuestionQueryOptions } from "../features/home/api/todays-mains-question.ts";
import { legalPageQueryOptions } from "../features/legal/api/get-legal-page.ts";
import { faqsQueryOptions } from "../features/legal/api/list-faqs.ts";
import { newsArticleQueryOptions } from "../features/news/api/get-news.ts";
import { newsListQueryOptions } from "../features/news/api/list-news.ts";
import { courseQueryOptions, coursesQueryOptions } from "../lib/courses.ts";
import {
  liveClassesFilterOf,
  liveClassesQueryOptions,
  nextLiveClassQueryOptions,
} from "../lib/live-classes.ts";
import { liveTestsQueryOptions } from "../lib/live-tests.ts";
import { revisionSummaryQueryOptions } from "../lib/revision.ts";
import type { PagePreload } from "./route-data.ts";

/**
 * The first queries of the pages anyone may open (decision 046): the server renders these
 * pages with them, and in the browser they start beside the page's code. The keys are the
 * pages' own query options, so the page finds its data in the cache.
 */

/**
 * The home page: its public lists; for a visitor the sample questions and the plans; for a
 * student their own sections (the figures counted on their day: lib/time-zone.ts), so none of
 * them arrives late and moves the page.
 */
export const homePreload: PagePreload = ({ viewer }) => [
  homeQuizzesQueryOptions,
  previousYearPapersQueryOptions,
  mockTestsQueryOptions(""),
  latestNewsQueryOptions,
  nextLiveClassQueryOptions,
  ...(viewer === null ? [sampleQuestionsQueryOptions, homePlansQueryOptions] : []),
  ...(viewer ? [resumableAttemptsQueryOptions] : []),
  ...(viewer?.profile?.role === "student" ? [todaysMainsQuestionQueryOptions] : []),
  ...(viewer ? [studyStreakQueryOptions] : []),
  ...(viewer?.profile?.role === "student" ? [revisionSummaryQueryOptions] : []),
];

/** An exam's start screen (its rules, the student's access, an open attempt; never its key). */
export const examPreload: PagePreload = ({ params }) => {
  const examId = params.examId;
  if (!examId) return [];
  // An exam may be a live test's waiting room (decision 047), which the server renders without a
  // database read: its start screen is asked for only when the exam is not live.
  return [
    {
      first: liveRoomQueryOptions(examId),
      next: (room) =>
        (room as LiveRoom | undefined)?.live ? [] : [examOverviewQueryOptions(examId)],
    },
  ];
};

/**
 * The preloaded queries counted on the reader's day: asked again when the server counted them in
 * another zone than the browser's (main.tsx).
 */
export const DAY_COUNTED_QUERY_KEYS = [
  dashboardQueryOptions.queryKey,
  studyStreakQueryOptions.queryKey,
  revisionSummaryQueryOptions.queryKey,
] as const;

/**
 * The student dashboard's figures, counted on the student's day, and beside them the live tests'
 * cards (decision 047; the server answers those from its cache).
 */
export const dashboardPreload: PagePreload = () => [dashboardQueryOptions, liveTestsQueryOptions];

export const newsListPreload: PagePreload = ({ request }) => [
  newsListQueryOptions(pageOf(request)),
];
export const newsArticlePreload: PagePreload = ({ params }) => [
  newsArticleQueryOptions(params.newsId ?? ""),
];
export const coursesPreload: PagePreload = () => [coursesQueryOptions];
export const coursePreload: PagePreload = ({ params }) => [courseQueryOptions(params.slug ?? "")];
export const liveClassesPreload: PagePreload = ({ request }) => [
  liveClassesQueryOptions(liveClassesFilterOf(new URL(request.url).searchParams)),
];
export const faqsPreload: PagePreload = () => [faqsQueryOptions];
export const legalPreload =
  (slug: LegalSlug): PagePreload =>
  () => [legalPageQueryOptions(slug)];

/** `?page=N` of a paged public list (the news list's rule: 1 for anything else). */
function pageOf(request: Request): number {
  const value = new URL(request.url).searchParams.get("page") ?? "1";
  return Math.max(1, Number.parseInt(value, 10) || 1);
}
