// A course's steps as students see them (`courses.ts`): where each opens, whether the viewer has
// done it, and the progress and enrolments counted from them.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { CourseItemKind } from "../../../shared/courses.ts";
import type { DbOrTx } from "../../db/client.ts";
import { courseEnrollments, courseItems, courseModules } from "../../db/schema/courses.ts";
import { exams } from "../../db/schema/exams.ts";
import { studyNotes, videoLessons } from "../../db/schema/library.ts";
import { liveClasses } from "../../db/schema/live-classes.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { publicationDay } from "../../lib/calendar.ts";

/** Where a step opens in the app. */
function pathOf(item: {
  kind: CourseItemKind;
  targetId: string | null;
  practiceSubjectId: string | null;
  practiceTopicId: string | null;
  practiceQuestions: number | null;
}): string {
  switch (item.kind) {
    case "note":
      return `/student/study-materials/notes/${item.targetId}`;
    case "video":
      return `/videos/${item.targetId}`;
    case "live_class":
      return "/live-classes";
    case "exam":
      return `/exam/${item.targetId}`;
    case "quiz":
      return `/quiz/${item.targetId}/attempt`;
    case "practice": {
      const query = new URLSearchParams({ subjectId: item.practiceSubjectId ?? "" });
      if (item.practiceTopicId) query.set("topicId", item.practiceTopicId);
      if (item.practiceQuestions) query.set("questionCount", String(item.practiceQuestions));
      return `/student/practice?${query}`;
    }
  }
}

/** The courses whose steps to load, for whom (null: a visitor, nothing done), and when. */
export type LoadStepsInput = { courseIds: string[]; userId: string | null; now: Date };

/**
 * Every step of the courses' modules, in order, with what it points to (title, free or not,
 * whether students can see it yet) and, for a signed-in viewer, whether they have done it:
 * a note marked read, a video watched to the end, a class joined, a test or quiz completed, a
 * practice test of that topic (or subject) completed.
 */
export async function loadSteps(db: DbOrTx, { courseIds, userId, now }: LoadStepsInput) {
  if (courseIds.length === 0) return [];
  const user = userId ?? "";
  const done = sql<boolean>`case ${courseItems.kind}
    when 'note' then exists (select 1 from note_reads r where r.user_id = ${user} and r.note_id = ${courseItems.noteId} and r.read_at is not null)
    when 'video' then exists (select 1 from video_progress p where p.user_id = ${user} and p.video_id = ${courseItems.videoId} and p.completed)
    when 'live_class' then exists (select 1 from live_class_attendance a where a.user_id = ${user} and a.live_class_id = ${courseItems.liveClassId})
    when 'exam' then exists (select 1 from exam_attempts a where a.user_id = ${user} and a.exam_id = ${courseItems.examId} and a.completed_at is not null)
    when 'quiz' then exists (select 1 from exam_attempts a where a.user_id = ${user} and a.quiz_id = ${courseItems.quizId} and a.completed_at is not null)
    when 'practice' then exists (
      select 1 from exam_attempts a join question_sets s on s.id = a.practice_id
       where a.user_id = ${user} and a.completed_at is not null and s.kind = 'practice'
         and case when ${courseItems.practiceTopicId} is not null
                  then s.filters -> 'topicIds' ? ${courseItems.practiceTopicId}::text
                  else s.filters -> 'subjectIds' ? ${courseItems.practiceSubjectId}::text end)
    else false end`;
  const rows = await db
    .select({
      id: courseItems.id,
      courseId: courseModules.courseId,
      moduleId: courseItems.moduleId,
      position: courseItems.position,
      kind: courseItems.kind,
      noteId: courseItems.noteId,
      videoId: courseItems.videoId,
      liveClassId: courseItems.liveClassId,
      examId: courseItems.examId,
      quizId: courseItems.quizId,
      practiceSubjectId: courseItems.practiceSubjectId,
      practiceTopicId: courseItems.practiceTopicId,
      practiceQuestions: courseItems.practiceQuestions,
      noteTitle: studyNotes.title,
      noteTitleHi: studyNotes.titleHi,
      noteFree: studyNotes.isFree,
      notePublishedAt: studyNotes.publishedAt,
      videoTitle: videoLessons.title,
      videoTitleHi: videoLessons.titleHi,
      videoFree: videoLessons.isFree,
      videoPublishedAt: videoLessons.publishedAt,
      classTitle: liveClasses.title,
      classTitleHi: liveClasses.titleHi,
      classFree: liveClasses.isFree,
      classStartsAt: liveClasses.startsAt,
      examTitle: exams.title,
      examFree: exams.isFree,
      quizTitle: quizzes.title,
      quizTitleHi: quizzes.titleHi,
      quizFree: quizzes.isFree,
      quizPublishedOn: quizzes.publishedOn,
      subjectName: subjects.name,
      topicName: topics.name,
      done: userId ? done : sql<boolean>`false`,
    })
    .from(courseItems)
    .innerJoin(courseModules, eq(courseModules.id, courseItems.moduleId))
    .leftJoin(studyNotes, eq(studyNotes.id, courseItems.noteId))
    .leftJoin(videoLessons, eq(videoLessons.id, courseItems.videoId))
    .leftJoin(liveClasses, eq(liveClasses.id, courseItems.liveClassId))
    .leftJoin(exams, eq(exams.id, courseItems.examId))
    .leftJoin(quizzes, eq(quizzes.id, courseItems.quizId))
    .leftJoin(subjects, eq(subjects.id, courseItems.practiceSubjectId))
    .leftJoin(topics, eq(topics.id, courseItems.practiceTopicId))
    .where(inArray(courseModules.courseId, courseIds))
    .orderBy(asc(courseModules.position), asc(courseItems.position));
  const today = publicationDay(now);
  return rows.flatMap((r) => {
    const step = (
      title: string,
      titleHi: string | null,
      isFree: boolean,
      targetId: string | null,
      extra: { startsAt?: string } = {},
    ) => ({
      id: r.id,
      courseId: r.courseId,
      moduleId: r.moduleId,
      kind: r.kind,
      title,
      titleHi,
      isFree,
      path: pathOf({ ...r, targetId }),
      done: Boolean(r.done),
      ...extra,
    });
    switch (r.kind) {
      case "note":
        if (!r.noteTitle || !r.notePublishedAt || r.notePublishedAt > now) return [];
        return [step(r.noteTitle, r.noteTitleHi, r.noteFree ?? true, r.noteId)];
      case "video":
        if (!r.videoTitle || !r.videoPublishedAt || r.videoPublishedAt > now) return [];
        return [step(r.videoTitle, r.videoTitleHi, r.videoFree ?? true, r.videoId)];
      case "live_class":
        if (!r.classTitle) return [];
        return [
          step(r.classTitle, r.classTitleHi, r.classFree ?? true, r.liveClassId, {
            startsAt: r.classStartsAt?.toISOString(),
          }),
        ];
      case "exam":
        if (!r.examTitle) return [];
        return [step(r.examTitle, null, r.examFree ?? true, r.examId)];
      case "quiz":
        if (!r.quizTitle || !r.quizPublishedOn || r.quizPublishedOn > today) return [];
        return [step(r.quizTitle, r.quizTitleHi, r.quizFree ?? true, r.quizId)];
      case "practice": {
        const name = r.topicName ? `${r.subjectName} · ${r.topicName}` : (r.subjectName ?? "");
        return [step(name, null, true, null)];
      }
      default:
        return [];
    }
  });
}
export type Step = Awaited<ReturnType<typeof loadSteps>>[number];

export function progressOf(steps: Step[]) {
  const done = steps.filter((s) => s.done).length;
  const next = steps.find((s) => !s.done) ?? null;
  return { done, total: steps.length, nextStepId: next?.id ?? null };
}

/** Whose enrolments (null: a visitor, none), among which courses. */
export type EnrolmentsInput = { userId: string | null; courseIds: string[] };

export async function enrolments(db: DbOrTx, { userId, courseIds }: EnrolmentsInput) {
  if (!userId || courseIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ courseId: courseEnrollments.courseId })
    .from(courseEnrollments)
    .where(
      and(eq(courseEnrollments.userId, userId), inArray(courseEnrollments.courseId, courseIds)),
    );
  return new Set(rows.map((r) => r.courseId));
}
