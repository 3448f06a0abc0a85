import { and, eq, sql } from "drizzle-orm";
import type { MainsPaper } from "../../shared/evaluation.ts";
import type { DbOrTx } from "../db/client.ts";
import { mainsQuestions } from "../db/schema/evaluation.ts";
import { subjects, topics } from "../db/schema/taxonomy.ts";

type DemoMains = {
  key: string;
  paper: MainsPaper;
  subject: string | null;
  topic: string | null;
  daysAgo: number;
  directive: string;
  wordLimit: 150 | 250 | null;
  marks: number;
  text: string;
  textHi?: string;
  modelAnswer: string;
};

/** Demo Mains questions (decision 042): one a day for the last week, the newest today. */
export const DEMO_MAINS: DemoMains[] = [
  {
    key: "finance-commission",
    paper: "gs2",
    subject: "Polity",
    topic: "Federalism",
    daysAgo: 0,
    directive: "Discuss",
    wordLimit: 150,
    marks: 10,
    text: "Discuss the role of the Finance Commission in strengthening fiscal federalism in India.",
    textHi: "भारत में राजकोषीय संघवाद को मज़बूत करने में वित्त आयोग की भूमिका की चर्चा कीजिए।",
    modelAnswer: `Introduction: the Finance Commission under Article 280, constituted every five years.
Key points:
- Vertical devolution: the states' share of the divisible pool (41% under the 15th Commission).
- Horizontal distribution: population, area, forest cover, income distance, demographic performance.
- Grants-in-aid under Article 275 and grants to local bodies.
- Limits: cesses and surcharges outside the divisible pool; the recommendations are advisory.
Conclusion: a neutral, rule-based transfer that keeps cooperative federalism credible.`,
  },
  {
    key: "climate-adaptation",
    paper: "gs3",
    subject: "Environment",
    topic: null,
    daysAgo: 1,
    directive: "Examine",
    wordLimit: 250,
    marks: 15,
    text: "Examine the challenges of climate adaptation for Indian agriculture and suggest measures to build resilience.",
    modelAnswer: `Challenges: erratic monsoon, heat stress, groundwater depletion, small holdings, credit and insurance gaps.
Measures: climate-resilient seeds, micro-irrigation, crop diversification, PMFBY reform, weather advisories, FPOs.
Examples: NICRA villages; millets mission.`,
  },
  {
    key: "ethics-integrity",
    paper: "gs4",
    subject: null,
    topic: null,
    daysAgo: 2,
    directive: "Explain",
    wordLimit: 150,
    marks: 10,
    text: "What do you understand by integrity in public service? Explain with an example.",
    textHi: "लोक सेवा में सत्यनिष्ठा से आप क्या समझते हैं? एक उदाहरण सहित समझाइए।",
    modelAnswer: `Definition: consistency of values, words and actions, also when no one is watching.
Dimensions: financial, intellectual and moral integrity.
Example: an officer who declines a gift and records a conflict of interest.`,
  },
  {
    key: "bhakti",
    paper: "gs1",
    subject: "History",
    topic: "Medieval India",
    daysAgo: 3,
    directive: "Critically examine",
    wordLimit: 250,
    marks: 15,
    text: "Critically examine the social impact of the Bhakti movement in medieval India.",
    modelAnswer: `Impact: vernacular literature, challenge to caste hierarchy, role of women saints, syncretism.
Limits: the social order largely unchanged; movements absorbed into the mainstream.`,
  },
  {
    key: "essay-technology",
    paper: "essay",
    subject: null,
    topic: null,
    daysAgo: 5,
    directive: "Essay",
    wordLimit: null,
    marks: 125,
    text: "Technology is a good servant but a bad master.",
    modelAnswer: `Structure: an opening anecdote; the promise of technology; dependence and its costs; governance of technology; a balanced conclusion.`,
  },
];

/** Inserts the demo questions once (fixed ids), tagged where the demo taxonomy is present. */
export async function seedDemoMains(tx: DbOrTx, demoId: (key: string) => string) {
  for (const q of DEMO_MAINS) {
    const [subject] = q.subject
      ? await tx.select({ id: subjects.id }).from(subjects).where(eq(subjects.name, q.subject))
      : [];
    const [topic] =
      subject && q.topic
        ? await tx
            .select({ id: topics.id })
            .from(topics)
            .where(and(eq(topics.subjectId, subject.id), eq(topics.name, q.topic)))
        : [];
    await tx
      .insert(mainsQuestions)
      .values({
        id: demoId(`mains:${q.key}`),
        paper: q.paper,
        subjectId: subject?.id ?? null,
        topicId: topic?.id ?? null,
        questionText: q.text,
        questionTextHi: q.textHi ?? null,
        directive: q.directive,
        wordLimit: q.wordLimit,
        marks: q.marks,
        // India's calendar day, as the student pages read it (lib/calendar.ts#publicationDay).
        publishDate: sql`(now() at time zone 'Asia/Kolkata')::date - ${q.daysAgo}::int`,
        modelAnswer: q.modelAnswer,
      })
      .onConflictDoNothing();
  }
  return { mainsQuestions: DEMO_MAINS.length };
}
