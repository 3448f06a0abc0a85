import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { dailyNewsAnalysis, SITE_SETTINGS_ID, siteSettings } from "../db/schema/content.ts";
import { examCategories, exams, questions } from "../db/schema/exams.ts";
import { subscriptionPlans } from "../db/schema/subscriptions.ts";
import type { FileStorage } from "../storage/storage.ts";
import { DEMO_NEWS, DEMO_PLANS } from "./demo-content.ts";
import { demoId } from "./demo-id.ts";
import { seedDemoLegal } from "./demo-legal.ts";
import { seedDemoLibrary, seedDemoLibraryFiles } from "./demo-library.ts";
import { seedDemoLiveClasses } from "./demo-live-classes.ts";
import { seedDemoMains } from "./demo-mains.ts";
import { seedDemoMainsTests } from "./demo-mains-tests.ts";
import {
  CSAT,
  type DemoQuestion,
  ECONOMY,
  GEOGRAPHY,
  HISTORY,
  PAPER_STYLE,
  POLITY,
  PYQ_2021,
  PYQ_2025,
} from "./demo-questions.ts";
import { seedDemoQuizPdfs, seedDemoQuizzes } from "./demo-quizzes.ts";
import { DEMO_TAXONOMY } from "./demo-tags.ts";
import { seedDemoTaxonomy, tagUntaggedDemoQuestions } from "./demo-taxonomy.ts";
import { nextPrelimsDate } from "./upsc-calendar.ts";

/** A stable UUID per demo item, so seeding twice inserts nothing new. */
/** Every demo exam question, once each (for the checks on the demo's answer keys). */
export const DEMO_EXAM_QUESTIONS: DemoQuestion[] = [
  ...POLITY,
  ...HISTORY,
  ...GEOGRAPHY,
  ...ECONOMY,
  ...CSAT,
  ...PAPER_STYLE,
  ...PYQ_2021,
  ...PYQ_2025,
];

export { demoId };

const CATEGORIES = [
  {
    key: "gs",
    name: "General Studies",
    description:
      "Prelims GS Paper I: history, polity, geography, economy, environment and science.",
  },
  {
    key: "csat",
    name: "CSAT",
    description: "Prelims GS Paper II: comprehension, reasoning and basic numeracy.",
  },
  {
    key: "polity",
    name: "Indian Polity",
    description: "Constitution, governance and rights, chapter by chapter.",
  },
  {
    key: "pyq",
    name: "Previous Year Papers",
    description: "Questions in the pattern of past UPSC Prelims papers.",
  },
];

type DemoExam = {
  key: string;
  title: string;
  description: string;
  category: string;
  kind: "mock" | "pyp" | "series" | "practice";
  section: "full_length" | "gs" | "csat" | "chapter";
  year?: number;
  minutes: number;
  /**
   * The cut-off (passing marks, percent): around the real Prelims cut-offs, GS Paper I 38–44%
   * of the marks in recent years and CSAT qualifying at 33%, not the spec's 70% default.
   */
  cutOff: number;
  isFree: boolean;
  negative?: { marks: string; fraction: string };
  questions: DemoQuestion[];
};

const EXAMS: DemoExam[] = [
  {
    key: "mock-1",
    title: "UPSC Prelims Mock Test 1: GS Paper I",
    description: "A full-length mixed paper across polity, history, geography and economy.",
    category: "gs",
    kind: "mock",
    section: "full_length",
    minutes: 30,
    cutOff: 40,
    isFree: true,
    questions: [
      ...POLITY.slice(0, 3),
      ...HISTORY.slice(0, 3),
      ...GEOGRAPHY.slice(0, 2),
      ...ECONOMY.slice(0, 2),
      // Last, so the earlier questions keep their ids on an install seeded before them.
      ...PAPER_STYLE,
    ],
  },
  {
    key: "csat-1",
    title: "CSAT Sectional Test: Reasoning and Numeracy",
    description: "Speed and accuracy practice for Paper II.",
    category: "csat",
    kind: "mock",
    section: "csat",
    minutes: 15,
    cutOff: 33,
    isFree: true,
    questions: CSAT,
  },
  {
    key: "polity-fr",
    title: "Indian Polity Chapter Test: Fundamental Rights and Duties",
    description: "Articles, amendments and landmark ideas.",
    category: "polity",
    kind: "practice",
    section: "chapter",
    minutes: 10,
    cutOff: 50,
    isFree: true,
    questions: POLITY,
  },
  {
    key: "series-1",
    title: "IAS Test Series 2026: Test 1 (GS)",
    description: "UPSC-style marking: 2 marks per question, one-third deducted for a wrong answer.",
    category: "gs",
    kind: "series",
    section: "gs",
    minutes: 20,
    cutOff: 40,
    isFree: false,
    negative: { marks: "2", fraction: "0.3333" },
    questions: [...GEOGRAPHY, ...ECONOMY, ...PAPER_STYLE],
  },
  {
    key: "pyq-2024",
    title: "Prelims 2024 Pattern: GS Paper I",
    description: "Practice in the style of the 2024 paper.",
    category: "pyq",
    kind: "pyp",
    section: "full_length",
    year: 2024,
    minutes: 20,
    cutOff: 44,
    isFree: true,
    questions: [...HISTORY, ...POLITY.slice(3)],
  },
  {
    key: "pyq-2023",
    title: "Prelims 2023 Pattern: GS Paper I",
    description: "Practice in the style of the 2023 paper.",
    category: "pyq",
    kind: "pyp",
    section: "full_length",
    year: 2023,
    minutes: 20,
    cutOff: 38,
    isFree: true,
    questions: [...GEOGRAPHY, ...ECONOMY.slice(0, 3)],
  },
  {
    key: "pyq-2022",
    title: "Prelims 2022 Pattern: CSAT Paper II",
    description: "Practice in the style of the 2022 CSAT paper.",
    category: "pyq",
    kind: "pyp",
    section: "csat",
    year: 2022,
    minutes: 15,
    cutOff: 33,
    isFree: true,
    questions: CSAT,
  },
  // Papers on the topics the ones above ask too (2021), and a premium one (2025): the PYQ
  // explorer reads each topic's count per year across the papers (decision 041).
  {
    key: "pyq-2021",
    title: "Prelims 2021 Pattern: GS Paper I",
    description: "Practice in the style of the 2021 paper.",
    category: "pyq",
    kind: "pyp",
    section: "full_length",
    year: 2021,
    minutes: 20,
    cutOff: 44,
    isFree: true,
    questions: PYQ_2021,
  },
  {
    key: "pyq-2025",
    title: "Prelims 2025 Pattern: GS Paper I",
    description: "Practice in the style of the 2025 paper.",
    category: "pyq",
    kind: "pyp",
    section: "full_length",
    year: 2025,
    minutes: 15,
    cutOff: 42,
    isFree: false,
    questions: PYQ_2025,
  },
];

function daysAgo(n: number): Date {
  return new Date(Date.now() - n * 86_400_000);
}

/** Believable UPSC-style demo content; idempotent; creates no accounts. */
/**
 * Demo content (idempotent). With file storage the PDF-carrying demo quiz also gets a generated
 * sample PDF (the CLI seeding path has no storage and skips it).
 */
export async function seedDemo(db: Db, storage?: FileStorage) {
  const summary = await db.transaction(async (tx) => {
    await tx
      .insert(examCategories)
      .values(
        CATEGORIES.map((c) => ({
          id: demoId(`category:${c.key}`),
          name: c.name,
          description: c.description,
        })),
      )
      .onConflictDoNothing();
    // A category of the same name may already exist (created by an admin): use its id.
    const existing = await tx
      .select({ id: examCategories.id, name: examCategories.name })
      .from(examCategories);
    const categoryIds = new Map(existing.map((c) => [c.name.toLowerCase(), c.id]));
    const categoryIdFor = (key: string) => {
      const name = CATEGORIES.find((c) => c.key === key)?.name.toLowerCase() ?? "";
      return categoryIds.get(name) ?? demoId(`category:${key}`);
    };
    const examRows = EXAMS.map((e, i) => ({
      id: demoId(`exam:${e.key}`),
      title: e.title,
      description: e.description,
      categoryId: categoryIdFor(e.category),
      timeLimitSeconds: e.minutes * 60,
      passingMarks: e.cutOff,
      kind: e.kind,
      section: e.section,
      year: e.year ?? null,
      isFree: e.isFree,
      marksPerQuestion: e.negative?.marks ?? null,
      negativeMarkFraction: e.negative?.fraction ?? null,
      createdAt: daysAgo(EXAMS.length - i),
    }));
    await tx.insert(exams).values(examRows).onConflictDoNothing();
    const tagOf = await seedDemoTaxonomy(tx, demoId);
    const questionRows = EXAMS.flatMap((e) =>
      e.questions.map((q, i) => ({
        id: demoId(`question:${e.key}:${i}`),
        examId: demoId(`exam:${e.key}`),
        questionText: q.text,
        options: { A: q.options[0], B: q.options[1], C: q.options[2], D: q.options[3] },
        correctAnswer: q.answer,
        explanation: q.explanation,
        translations: q.hi
          ? {
              hi: {
                questionText: q.hi.text,
                options: {
                  A: q.hi.options[0],
                  B: q.hi.options[1],
                  C: q.hi.options[2],
                  D: q.hi.options[3],
                },
                explanation: q.hi.explanation,
              },
            }
          : {},
        ...tagOf(q.text),
        // The "Prelims 20xx Pattern" papers' questions carry the paper's year.
        pyqYear: e.year ?? null,
        // Keep the authored order: questions are served oldest first.
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      })),
    );
    await tx.insert(questions).values(questionRows).onConflictDoUpdate(tagUntaggedDemoQuestions);
    const quizCounts = await seedDemoQuizzes(tx, demoId, tagOf);
    await tx
      .insert(subscriptionPlans)
      .values(DEMO_PLANS.map(({ key, ...plan }) => ({ id: demoId(`plan:${key}`), ...plan })))
      .onConflictDoNothing();
    await tx
      .insert(dailyNewsAnalysis)
      .values(
        DEMO_NEWS.map((n) => ({
          id: demoId(`news:${n.key}`),
          title: n.title,
          excerpt: n.excerpt,
          content: n.content,
          titleHi: n.titleHi,
          excerptHi: n.excerptHi,
          contentHi: n.contentHi,
          publishedDate: sql`current_date - ${n.daysAgo}::int`,
        })),
      )
      .onConflictDoNothing();
    // The home page counts down to the next real Prelims, not to a date already past. A date an
    // admin set that is still ahead is kept; one already past moves to the next Prelims.
    const examDate = nextPrelimsDate(new Date());
    await tx
      .insert(siteSettings)
      .values({ id: SITE_SETTINGS_ID, examDate })
      .onConflictDoUpdate({
        target: siteSettings.id,
        set: { examDate },
        setWhere: sql`${siteSettings.examDate} < current_date`,
      });
    const legal = await seedDemoLegal(tx, demoId);
    const mains = await seedDemoMains(tx, demoId);
    const mainsTestCounts = await seedDemoMainsTests(tx, demoId);
    const live = await seedDemoLiveClasses(tx, demoId);
    const library = await seedDemoLibrary(tx, demoId);
    return {
      ...legal,
      ...mains,
      ...mainsTestCounts,
      ...live,
      ...library,
      categories: CATEGORIES.length,
      subjects: DEMO_TAXONOMY.length,
      exams: examRows.length,
      questions: questionRows.length,
      quizzes: quizCounts.quizzes,
      quizQuestions: quizCounts.questions,
      plans: DEMO_PLANS.length,
      news: DEMO_NEWS.length,
    };
  });
  if (storage) await seedDemoQuizPdfs(db, storage, demoId);
  if (storage) await seedDemoLibraryFiles(db, storage, demoId);
  return summary;
}
