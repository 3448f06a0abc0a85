import { and, eq, inArray } from "drizzle-orm";
import { type ResolveInput, resolveInputSchema } from "../../../shared/question-report-schemas.ts";
import {
  MY_REPORTS_PATH,
  REPORT_MESSAGES,
  type ReportStatus,
} from "../../../shared/question-reports.ts";
import type { Db } from "../../db/client.ts";
import { questions } from "../../db/schema/exams.ts";
import { questionReports } from "../../db/schema/question-reports.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Background } from "../../lib/background.ts";
import { applyKeyChange } from "../key-changes/apply-key-change.ts";
import { kickKeyChangeRegrades } from "../key-changes/key-change-regrade.ts";
import { enqueueMessages, type Outbox } from "../notifications/outbox.ts";
import { fixQuestionWords } from "./question-words.ts";

export type ResolveDeps = {
  /** The key change's regrade and the reporters' messages run after the commit, unwaited. */
  background: Background;
  outbox: Outbox;
  /** The app's clock (the regrade reads it when it runs). */
  now: () => Date;
};

export type ResolveReportsInput = {
  deps: ResolveDeps;
  actorId: string;
  questionId: string;
  input: ResolveInput;
  now: Date;
};

const STATUS_OF = {
  reject: "rejected",
  fix: "fixed",
  key: "key_changed",
  drop: "dropped",
} as const satisfies Record<ResolveInput["action"], Exclude<ReportStatus, "open">>;

/**
 * An admin's answer to every open report of a question at once (decision 064), in one
 * transaction: reject (a reply), fix the words (never the key), change the key or drop the
 * question (`applyKeyChange`: the question row and a `key_changes` row, refused with 409 when
 * the key is already so or the question already dropped). Each open report gets the status, the
 * reply (for a key change or a drop, the log's reason unless a reply is given), who answered
 * and when, and the key change; each reporter one `reportAnswered` message. A refusal rolls all
 * of it back. After the commit a key change's regrade starts (`kickKeyChangeRegrades`) and the
 * messages are delivered, neither waited for (the sweep picks up what they leave).
 */
export async function resolveReports(
  db: Db,
  { deps, actorId, questionId, input, now }: ResolveReportsInput,
) {
  const values = resolveInputSchema.parse(input);
  const result = await db.transaction(async (tx) => {
    const [question] = await tx
      .select({ id: questions.id })
      .from(questions)
      .where(eq(questions.id, questionId));
    if (!question) throw new AppError("NOT_FOUND", REPORT_MESSAGES.questionNotFound);
    const open = await tx
      .select({ id: questionReports.id, userId: questionReports.userId })
      .from(questionReports)
      .where(and(eq(questionReports.questionId, questionId), eq(questionReports.status, "open")))
      .orderBy(questionReports.createdAt, questionReports.id)
      .for("update");
    if (open.length === 0) throw new AppError("CONFLICT", REPORT_MESSAGES.noOpenReports);

    let keyChangeId: string | null = null;
    let reply: string;
    switch (values.action) {
      case "reject":
        reply = values.reply;
        break;
      case "fix":
        await fixQuestionWords(tx, { questionId, fix: values.text });
        reply = values.reply;
        break;
      case "key":
      case "drop": {
        const applied = await applyKeyChange(tx, {
          questionId,
          change:
            values.action === "key"
              ? { kind: "key", answers: [values.key, ...values.alsoAccept] }
              : { kind: "drop" },
          reason: values.reason,
          reasonHi: values.reasonHi,
          actorId,
          now,
        });
        keyChangeId = applied.id;
        reply = values.reply ?? values.reason;
        break;
      }
    }

    const status = STATUS_OF[values.action];
    await tx
      .update(questionReports)
      .set({ status, reply, resolvedBy: actorId, resolvedAt: now, keyChangeId })
      .where(
        inArray(
          questionReports.id,
          open.map((report) => report.id),
        ),
      );
    const messages = await enqueueMessages(tx, {
      messages: open.map((report) => ({
        kind: "reportAnswered" as const,
        userId: report.userId,
        ref: report.id,
        payload: { url: MY_REPORTS_PATH },
      })),
      now,
    });
    return { status, resolved: open.length, keyChangeId, messages };
  });

  if (result.keyChangeId) {
    kickKeyChangeRegrades({ db, background: deps.background, now: deps.now, outbox: deps.outbox });
  }
  deps.background.run("report answers", () => deps.outbox.deliver(result.messages, now));
  return {
    questionId,
    status: result.status,
    resolved: result.resolved,
    keyChangeId: result.keyChangeId,
  };
}
