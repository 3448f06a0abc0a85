import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { liveClasses } from "../db/schema/live-classes.ts";
import { subjects } from "../db/schema/taxonomy.ts";

/**
 * Demo live classes (decision 043), placed around the moment the demo is seeded: one later
 * today, two in the coming days (one premium), and one two days ago with its recording. The
 * links point at example.org: the demo has no meeting service.
 */
export const DEMO_LIVE_CLASSES = [
  {
    key: "polity-fundamental-rights",
    title: "Fundamental Rights: Articles 14 to 32 in one sitting",
    titleHi: "मौलिक अधिकार: अनुच्छेद 14 से 32 एक साथ",
    teacher: "Dr. Meera Rao",
    subject: "Polity",
    hoursFromSeed: 2,
    durationMinutes: 90,
    isFree: true,
    recording: false,
  },
  {
    key: "economy-budget",
    title: "Union Budget decoded for Prelims and Mains",
    titleHi: null,
    teacher: "Arjun Mehta",
    subject: "Economy",
    hoursFromSeed: 26,
    durationMinutes: 75,
    isFree: false,
    recording: false,
  },
  {
    key: "geography-monsoon",
    title: "The Indian monsoon: mechanism and PYQ trends",
    titleHi: "भारतीय मानसून: क्रियाविधि और पिछले वर्षों के प्रश्न",
    teacher: "Kavita Sharma",
    subject: "Geography",
    hoursFromSeed: 72,
    durationMinutes: 60,
    isFree: true,
    recording: false,
  },
  {
    key: "history-revolt-1857",
    title: "The Revolt of 1857: causes, course and consequences",
    titleHi: null,
    teacher: "Prof. S. Iyer",
    subject: "History",
    hoursFromSeed: -48,
    durationMinutes: 60,
    isFree: true,
    recording: true,
  },
] as const;

export async function seedDemoLiveClasses(tx: DbOrTx, demoId: (key: string) => string) {
  for (const c of DEMO_LIVE_CLASSES) {
    const [subject] = await tx
      .select({ id: subjects.id })
      .from(subjects)
      .where(eq(subjects.name, c.subject));
    await tx
      .insert(liveClasses)
      .values({
        id: demoId(`live-class:${c.key}`),
        title: c.title,
        titleHi: c.titleHi,
        teacher: c.teacher,
        subjectId: subject?.id ?? null,
        // On the hour, so the schedule reads like a real one.
        startsAt: sql`date_trunc('hour', now()) + make_interval(hours => ${c.hoursFromSeed}::int)`,
        durationMinutes: c.durationMinutes,
        joinUrl: `https://meet.example.org/${c.key}`,
        recordingUrl: c.recording ? `https://videos.example.org/${c.key}` : null,
        isFree: c.isFree,
      })
      .onConflictDoNothing();
  }
  return { liveClasses: DEMO_LIVE_CLASSES.length };
}
