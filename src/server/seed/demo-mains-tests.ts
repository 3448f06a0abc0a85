import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { mainsQuestions } from "../db/schema/evaluation.ts";
import { mainsSeries, mainsTestQuestions, mainsTests } from "../db/schema/mains-tests.ts";

/** The demo's two GS II questions for its sample Mains test (decision 063). */
export const DEMO_MAINS_TEST_QUESTIONS = [
  {
    key: "governor-discretion",
    directive: "Critically examine",
    text: "Critically examine the discretionary powers of the Governor in the light of recent Centre-State disputes.",
    textHi: "हाल के केंद्र-राज्य विवादों के संदर्भ में राज्यपाल की विवेकाधीन शक्तियों का आलोचनात्मक परीक्षण कीजिए।",
    wordLimit: 250,
    marks: 15,
  },
  {
    key: "rti-transparency",
    directive: "Discuss",
    text: "The Right to Information Act has changed the relationship between citizens and the State. Discuss.",
    textHi: "सूचना का अधिकार अधिनियम ने नागरिकों और राज्य के बीच संबंधों को बदल दिया है। चर्चा कीजिए।",
    wordLimit: 150,
    marks: 10,
  },
] as const;

export const DEMO_MAINS_SERIES_TITLE = "Mains Test Series 2027";
export const DEMO_MAINS_TEST_TITLE = "GS II: Polity and Governance (sample)";

/**
 * The demo's Mains test series (decision 063): "Mains Test Series 2027" with one short, free
 * GS II test of two questions, published and open from the day before the seed for 30 days.
 * Fixed ids: a second run changes nothing (its window stays where the first run put it). The
 * questions go into the Mains bank with their Hindi, published for daily answer writing only
 * once the test has closed.
 */
export async function seedDemoMainsTests(tx: DbOrTx, demoId: (key: string) => string) {
  const seriesId = demoId("mains-series:2027");
  const testId = demoId("mains-test:gs2-polity-sample");
  await tx
    .insert(mainsSeries)
    .values({
      id: seriesId,
      title: DEMO_MAINS_SERIES_TITLE,
      titleHi: "मुख्य परीक्षा टेस्ट सीरीज़ 2027",
      description: "Full-length Mains papers, marked by mentors, with ranks.",
      descriptionHi: "मेंटरों द्वारा जाँचे जाने वाले पूर्ण मुख्य परीक्षा प्रश्नपत्र, रैंक सहित।",
    })
    .onConflictDoNothing();
  for (const q of DEMO_MAINS_TEST_QUESTIONS) {
    await tx
      .insert(mainsQuestions)
      .values({
        id: demoId(`mains-test-question:${q.key}`),
        paper: "gs2",
        questionText: q.text,
        questionTextHi: q.textHi,
        directive: q.directive,
        wordLimit: q.wordLimit,
        marks: q.marks,
        publishDate: sql`(now() at time zone 'Asia/Kolkata')::date + 31`,
      })
      .onConflictDoNothing();
  }
  await tx
    .insert(mainsTests)
    .values({
      id: testId,
      seriesId,
      title: DEMO_MAINS_TEST_TITLE,
      titleHi: "सामान्य अध्ययन II: राजव्यवस्था और शासन (नमूना)",
      instructions:
        "Answer both questions. Write on paper, then photograph every page in order and upload it, or type your answers.",
      instructionsHi:
        "दोनों प्रश्नों के उत्तर दें। काग़ज़ पर लिखें, फिर हर पृष्ठ क्रम से फ़ोटो लेकर अपलोड करें, या अपने उत्तर टाइप करें।",
      paper: "gs2",
      durationMinutes: 30,
      uploadGraceMinutes: 15,
      opensAt: sql`date_trunc('hour', now()) - interval '1 day'`,
      closesAt: sql`date_trunc('hour', now()) + interval '30 days'`,
      isFree: true,
      published: true,
    })
    .onConflictDoNothing();
  await tx
    .insert(mainsTestQuestions)
    .values(
      DEMO_MAINS_TEST_QUESTIONS.map((q, i) => ({
        testId,
        questionId: demoId(`mains-test-question:${q.key}`),
        position: i + 1,
        section: 1,
        marks: q.marks,
        wordLimit: q.wordLimit,
      })),
    )
    .onConflictDoNothing();
  return { mainsTests: 1, mainsTestQuestions: DEMO_MAINS_TEST_QUESTIONS.length };
}
