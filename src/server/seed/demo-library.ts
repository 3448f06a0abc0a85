import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, isNull, sql } from "drizzle-orm";
import { createExcerpt } from "../../shared/rich-text.ts";
import type { Db, DbOrTx } from "../db/client.ts";
import { studyNotes, videoLessons } from "../db/schema/library.ts";
import { subjects, topics } from "../db/schema/taxonomy.ts";
import type { FileStorage } from "../storage/storage.ts";
import { buildSamplePdf } from "./sample-pdf.ts";

type DemoNote = {
  key: string;
  subject: string | null;
  topic?: string;
  title: string;
  titleHi?: string;
  paragraphs: string[];
  paragraphsHi?: string[];
  isFree: boolean;
  /** A PDF is generated for it (with file storage). */
  pdf?: boolean;
  /** A current-affairs compilation of the month before the seeding. */
  compilation?: boolean;
};

/** Demo study notes (decision 043): a few per subject, free and premium, one Hindi, one PDF. */
export const DEMO_NOTES: DemoNote[] = [
  {
    key: "polity-fundamental-rights",
    subject: "Polity",
    topic: "Fundamental Rights",
    title: "Fundamental Rights at a glance (Articles 12-35)",
    titleHi: "मौलिक अधिकार एक नज़र में (अनुच्छेद 12-35)",
    paragraphs: [
      "Part III of the Constitution guarantees six Fundamental Rights: equality, freedom, against exploitation, freedom of religion, cultural and educational rights, and constitutional remedies.",
      "Article 32 lets a person move the Supreme Court directly through writs: habeas corpus, mandamus, prohibition, certiorari and quo warranto. Dr Ambedkar called it the heart and soul of the Constitution.",
      "Rights are not absolute: reasonable restrictions under Article 19(2)-(6) and suspension during a national emergency (Articles 358 and 359, except Articles 20 and 21).",
    ],
    paragraphsHi: [
      "संविधान का भाग III छह मौलिक अधिकारों की गारंटी देता है: समानता, स्वतंत्रता, शोषण के विरुद्ध, धर्म की स्वतंत्रता, सांस्कृतिक और शैक्षिक अधिकार, तथा संवैधानिक उपचार।",
      "अनुच्छेद 32 के तहत कोई भी व्यक्ति रिट के माध्यम से सीधे सर्वोच्च न्यायालय जा सकता है। डॉ. आंबेडकर ने इसे संविधान का हृदय और आत्मा कहा।",
    ],
    isFree: true,
  },
  {
    key: "polity-parliament",
    subject: "Polity",
    topic: "Parliament",
    title: "Money Bills and Financial Bills",
    paragraphs: [
      "A Money Bill (Article 110) deals only with taxes, borrowing, the Consolidated Fund and related matters. It is introduced only in the Lok Sabha, on the President's recommendation.",
      "The Rajya Sabha may only recommend changes within 14 days; the Speaker's certificate that a bill is a Money Bill is final.",
    ],
    isFree: false,
    pdf: true,
  },
  {
    key: "history-1857",
    subject: "History",
    topic: "Modern India",
    title: "The Revolt of 1857: causes and consequences",
    paragraphs: [
      "Political causes: the Doctrine of Lapse and the annexation of Awadh. Economic causes: heavy land revenue and the ruin of artisans. Military causes: the greased cartridges of the Enfield rifle.",
      "Consequences: the end of Company rule by the Government of India Act 1858, the Queen's Proclamation, and a reorganised army.",
    ],
    isFree: true,
  },
  {
    key: "geography-monsoon",
    subject: "Geography",
    topic: "Climatology",
    title: "Indian monsoon: the mechanism",
    paragraphs: [
      "Differential heating of land and sea, the shift of the ITCZ, the Tibetan plateau's heating and the tropical easterly jet together drive the south-west monsoon.",
      "El Niño years tend to weaken it; a positive Indian Ocean Dipole can offset that.",
    ],
    isFree: false,
  },
  {
    key: "economy-inflation",
    subject: "Economy",
    title: "Inflation: CPI, WPI and the monetary policy framework",
    paragraphs: [
      "The RBI targets CPI inflation of 4 % within a band of 2-6 %, set by the Monetary Policy Committee of six members.",
      "WPI measures prices at the wholesale level and has no services; CPI includes services and weighs food heavily.",
    ],
    isFree: true,
  },
  {
    key: "current-affairs-monthly",
    subject: null,
    title: "Current Affairs: the month in review",
    paragraphs: [
      "Polity: the key judgments and bills of the month. Economy: the RBI's policy decision, GST collections and the latest GDP estimate.",
      "Environment: the climate conference's outcomes. International relations: the month's summits and agreements.",
    ],
    isFree: true,
    compilation: true,
  },
];

/** A demo YouTube lesson and the uploaded one (its file only with storage). */
const DEMO_VIDEOS = [
  {
    key: "youtube-polity",
    subject: "Polity",
    topic: "Parliament",
    kind: "lesson" as const,
    title: "How a bill becomes a law (video)",
    description: "A walk through the stages of a bill in both Houses of Parliament.",
    source: "youtube" as const,
    // The sample video of YouTube's own player documentation.
    embedId: "M7lc1UVf-VE",
    durationSeconds: 213,
    isFree: true,
  },
  {
    key: "upload-geography",
    subject: "Geography",
    topic: "Climatology",
    kind: "lesson" as const,
    title: "Monsoon in three seconds (uploaded sample)",
    description: "A tiny uploaded WebM: the player resumes where you stopped.",
    source: "upload" as const,
    embedId: null,
    durationSeconds: null,
    isFree: true,
  },
  {
    key: "current-affairs-weekly",
    subject: null,
    topic: undefined,
    kind: "current_affairs" as const,
    title: "This week in current affairs",
    description: "The week's news for Prelims and Mains in ten minutes.",
    source: "vimeo" as const,
    // The sample video of Vimeo's player documentation.
    embedId: "76979871",
    durationSeconds: 600,
    isFree: false,
  },
];

const html = (paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join("");
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The first day of the month before `now` (yyyy-mm-01). */
function lastMonth(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 10);
}

async function taxonomyIds(db: DbOrTx, subject: string | null, topic: string | undefined) {
  if (!subject) return { subjectId: null, topicId: null };
  const [s] = await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.name, subject));
  if (!s) return { subjectId: null, topicId: null };
  const [t] = topic
    ? await db
        .select({ id: topics.id })
        .from(topics)
        .where(and(eq(topics.subjectId, s.id), eq(topics.name, topic)))
    : [];
  return { subjectId: s.id, topicId: t?.id ?? null };
}

/**
 * Demo notes and videos (idempotent: stable ids). A note meant to carry a PDF gets a short
 * text body as well, so it is valid before its PDF exists (the CLI seeds without storage).
 */
export async function seedDemoLibrary(
  db: DbOrTx,
  demoId: (key: string) => string,
  now = new Date(),
) {
  for (const note of DEMO_NOTES) {
    const taxonomy = await taxonomyIds(db, note.subject, note.topic);
    const text = note.paragraphs.join(" ");
    const textHi = note.paragraphsHi?.join(" ") ?? null;
    await db
      .insert(studyNotes)
      .values({
        id: demoId(`note:${note.key}`),
        kind: note.compilation ? "current_affairs" : "notes",
        month: note.compilation ? lastMonth(now) : null,
        title: note.compilation
          ? `${note.title} (${new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${lastMonth(now)}T00:00:00Z`))})`
          : note.title,
        titleHi: note.titleHi ?? null,
        body: html(note.paragraphs),
        bodyHi: note.paragraphsHi ? html(note.paragraphsHi) : null,
        bodyText: text,
        bodyTextHi: textHi,
        summary: createExcerpt(text),
        summaryHi: textHi ? createExcerpt(textHi) : null,
        wordCount: words(text),
        ...taxonomy,
        isFree: note.isFree,
        publishedAt: sql`now() - interval '1 day'`,
      })
      .onConflictDoNothing();
  }
  for (const video of DEMO_VIDEOS) {
    const taxonomy = await taxonomyIds(db, video.subject, video.topic);
    await db
      .insert(videoLessons)
      .values({
        id: demoId(`video:${video.key}`),
        kind: video.kind,
        title: video.title,
        description: video.description,
        ...taxonomy,
        isFree: video.isFree,
        source: video.source,
        embedId: video.embedId,
        durationSeconds: video.durationSeconds,
        publishedAt: sql`now() - interval '1 day'`,
      })
      .onConflictDoNothing();
  }
  return { notes: DEMO_NOTES.length, videos: DEMO_VIDEOS.length };
}

/** The demo files: the PDF of the note that has one, and the uploaded lesson's WebM. */
export async function seedDemoLibraryFiles(
  db: Db,
  storage: FileStorage,
  demoId: (key: string) => string,
) {
  for (const note of DEMO_NOTES.filter((n) => n.pdf)) {
    const id = demoId(`note:${note.key}`);
    const key = `${id}/demo-notes.pdf`;
    const [row] = await db
      .select({ pdfKey: studyNotes.pdfKey })
      .from(studyNotes)
      .where(eq(studyNotes.id, id));
    if (!row || row.pdfKey) continue;
    const pdf = buildSamplePdf([note.title, "Study notes (demo).", ...note.paragraphs]);
    await storage.put("study_files", key, pdf, "application/pdf");
    await db
      .update(studyNotes)
      .set({ pdfKey: key, pdfBytes: pdf.length })
      .where(and(eq(studyNotes.id, id), isNull(studyNotes.pdfKey)));
  }
  const videoId = demoId("video:upload-geography");
  const [video] = await db
    .select({ fileKey: videoLessons.fileKey })
    .from(videoLessons)
    .where(eq(videoLessons.id, videoId));
  if (video && !video.fileKey) {
    // The tests' fixture: a 6-second WebM of 29 KB (test/fixtures/README.md).
    const file = path.join(import.meta.dirname, "../../../test/fixtures/lesson.webm");
    const bytes = await readFile(file).catch(() => null);
    if (bytes) {
      const key = `${videoId}/demo-lesson.webm`;
      await storage.put("study_files", key, bytes, "video/webm");
      await db
        .update(videoLessons)
        .set({ fileKey: key, fileType: "video/webm", fileBytes: bytes.length })
        .where(and(eq(videoLessons.id, videoId), isNull(videoLessons.fileKey)));
    }
  }
}
