// The demo content's fixed ids (seed/demo-id.ts), for journeys that need "a free exam", "a quiz"
// or "an article": not the newest one in a list, which a journey running beside them may have
// just made (a two-question exam) or be about to delete (an article).
import { DEMO_NEWS } from "../src/server/seed/demo-content.ts";
import { demoId } from "../src/server/seed/demo-id.ts";
import { BILINGUAL_QUIZZES } from "../src/server/seed/demo-quizzes-bilingual.ts";

export const DEMO_SAMPLES = {
  /** "UPSC Prelims Mock Test 1: GS Paper I": free, ten questions and more. */
  exam: demoId("exam:mock-1"),
  /** Its title (src/server/seed/demo.ts), to search the exams list for it. */
  examTitle: "UPSC Prelims Mock Test 1: GS Paper I",
  /** Today's bilingual current-affairs quiz: free. */
  quiz: demoId(`quiz:${BILINGUAL_QUIZZES[0]?.key}`),
  news: demoId(`news:${DEMO_NEWS[0]?.key}`),
};
