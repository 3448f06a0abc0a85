import { asc, eq } from "drizzle-orm";
import type { OptionKey } from "../../../shared/constants.ts";
import type { Db } from "../../db/client.ts";
import {
  discussionBans,
  questionPostReports,
  questionPosts,
  questionPostVotes,
} from "../../db/schema/discussions.ts";
import { outbox } from "../../db/schema/outbox.ts";
import { takeTarget } from "../../test/exam-helpers.ts";

/** Test set-up shared by the discussion's API tests (decision 064). */

export type CompleteExamInput = {
  userId: string;
  exam: { id: string };
  questions: { id: string; correctAnswer: OptionKey }[];
  at: Date;
};

/** Completes an attempt at the exam with every answer right: its keys open to the student. */
export async function completeExam(db: Db, input: CompleteExamInput) {
  return takeTarget(db, {
    userId: input.userId,
    target: { kind: "exam", id: input.exam.id },
    questions: input.questions,
    choices: input.questions.map((q) => q.correctAnswer),
    took: 60,
    at: input.at,
  });
}

export type DiscussionRowsInput = { questionId?: string };

/** Every row the discussion writes (posts, votes, reports, bans, messages): compared before and after a refusal. */
export async function discussionRows(db: Db, { questionId }: DiscussionRowsInput = {}) {
  const posts = db.select().from(questionPosts).orderBy(asc(questionPosts.id)).$dynamic();
  return {
    posts: await (questionId ? posts.where(eq(questionPosts.questionId, questionId)) : posts),
    votes: await db
      .select()
      .from(questionPostVotes)
      .orderBy(asc(questionPostVotes.postId), asc(questionPostVotes.userId)),
    reports: await db
      .select()
      .from(questionPostReports)
      .orderBy(asc(questionPostReports.postId), asc(questionPostReports.userId)),
    bans: await db.select().from(discussionBans).orderBy(asc(discussionBans.userId)),
    messages: await db.select().from(outbox).orderBy(asc(outbox.id)),
  };
}
