import { and, count, countDistinct, desc, eq, inArray, min, ne, type SQL, sql } from "drizzle-orm";
import type { OptionKey, Role } from "../../../shared/constants.ts";
import type { Page } from "../../../shared/page.ts";
import {
  type DropRule,
  type KeyChangeKind,
  QUEUE_REPORTS_SHOWN,
  type QueueFilter,
  type ReportReason,
  type ReportStatus,
} from "../../../shared/question-reports.ts";
import type { Db } from "../../db/client.ts";
import { exams, questions } from "../../db/schema/exams.ts";
import { keyChanges, questionReports } from "../../db/schema/question-reports.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { containsPattern } from "../../lib/search.ts";
import { analyseQuestions, type QuestionAnalysis } from "../analysis/item-analysis.ts";
import { getSiteSettings } from "../settings/settings.service.ts";
import { type ReportedQuestion, reportedQuestions } from "./question-words.ts";

/**
 * The admins' queue of question reports (decision 064), a page at a time: the open reports
 * grouped by question, the oldest report first (its SLA clock: due at the oldest open report +
 * `site_settings.report_sla_hours`), each with the question, its paper and drop rule, the
 * reasons and notes, and beside them the answer distribution and the item analysis of everyone
 * who took it (the ranked attempts' counters, `analysis/item-analysis.ts`); or the answered
 * reports grouped by the answer that resolved them, the latest first.
 */

export type QueueReport = {
  id: string;
  reason: ReportReason;
  note: string;
  creditMe: boolean;
  createdAt: string;
  reporter: string;
};

export type QueueResolution = {
  status: Exclude<ReportStatus, "open">;
  reply: string | null;
  resolvedAt: string;
  resolvedBy: string | null;
  keyChange: {
    id: string;
    kind: KeyChangeKind;
    oldAnswers: OptionKey[];
    newAnswers: OptionKey[];
    dropRule: DropRule | null;
    reason: string;
    reasonHi: string | null;
  } | null;
};

export type QueueGroup = {
  /** The question's id (open), or the question's and the answer's time (answered). */
  id: string;
  question: ReportedQuestion;
  /** How many reports the group holds (at most `QUEUE_REPORTS_SHOWN` are listed). */
  count: number;
  reasons: Partial<Record<ReportReason, number>>;
  reports: QueueReport[];
  oldestAt: string;
  /** Open groups: when an answer is due, and how long until then or since. */
  sla: { dueAt: string; overdue: boolean; minutes: number } | null;
  /** Everyone who took it (ranked attempts): the choices, facility and discrimination. */
  analysis: QuestionAnalysis | null;
  resolution: QueueResolution | null;
};

export type ReportQueue = Page<QueueGroup> & { slaHours: number };

export type ListReportQueueInput = {
  viewer: { userId: string; role: Role };
  query: { page: number; pageSize: number; search?: string; status: QueueFilter };
  now: Date;
};

/** Reports whose question's text or paper's title contains the search (per report, correlated). */
function matching(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return sql`exists (select 1 from ${questions} q
      left join ${exams} e on e.id = q.exam_id left join ${quizzes} z on z.id = q.quiz_id
     where q.id = ${questionReports.questionId}
       and (q.question_text ilike ${pattern} or e.title ilike ${pattern} or z.title ilike ${pattern}))`;
}

type GroupKey = { questionId: string; resolvedAt: Date | null; n: number; oldest: Date };

export async function listReportQueue(
  db: Db,
  { viewer, query, now }: ListReportQueueInput,
): Promise<ReportQueue> {
  const settings = await getSiteSettings(db);
  const offset = (query.page - 1) * query.pageSize;
  const answered = query.status === "answered";
  const where = and(
    answered ? ne(questionReports.status, "open") : eq(questionReports.status, "open"),
    matching(query.search),
  );

  let keys: GroupKey[];
  let total: number;
  if (answered) {
    // One answer resolves all of a question's open reports at one instant: a group per answer.
    const groups = db
      .select({
        questionId: questionReports.questionId,
        resolvedAt: questionReports.resolvedAt,
        n: count().as("n"),
        oldest: min(questionReports.createdAt).as("oldest"),
      })
      .from(questionReports)
      .where(where)
      .groupBy(questionReports.questionId, questionReports.resolvedAt)
      .as("g");
    const [rows, [all]] = await Promise.all([
      db
        .select()
        .from(groups)
        .orderBy(desc(groups.resolvedAt), groups.questionId)
        .limit(query.pageSize)
        .offset(offset),
      db.select({ n: count() }).from(groups),
    ]);
    keys = rows.map((r) => ({ ...r, oldest: new Date(r.oldest ?? 0) }));
    total = all?.n ?? 0;
  } else {
    // Open reports only (question_reports_open_idx / _open_created_idx): few rows, grouped.
    const oldest = min(questionReports.createdAt);
    const [rows, [all]] = await Promise.all([
      db
        .select({ questionId: questionReports.questionId, n: count(), oldest })
        .from(questionReports)
        .where(where)
        .groupBy(questionReports.questionId)
        .orderBy(oldest, questionReports.questionId)
        .limit(query.pageSize)
        .offset(offset),
      db
        .select({ n: countDistinct(questionReports.questionId) })
        .from(questionReports)
        .where(where),
    ]);
    keys = rows.map((r) => ({ ...r, resolvedAt: null, oldest: new Date(r.oldest ?? 0) }));
    total = all?.n ?? 0;
  }

  const questionIds = [...new Set(keys.map((k) => k.questionId))];
  const [questionsById, analyses, reports, resolutions] = await Promise.all([
    reportedQuestions(db, { viewer, questionIds, now }),
    analyseQuestions(db, { questionIds }),
    groupReports(db, questionIds, answered),
    answered ? groupResolutions(db, questionIds) : Promise.resolve(new Map()),
  ]);

  const slaMs = settings.reportSlaHours * 3_600_000;
  const items: QueueGroup[] = [];
  for (const key of keys) {
    const question = questionsById.get(key.questionId);
    if (!question) continue;
    const groupKey = groupKeyOf(key.questionId, key.resolvedAt);
    const group = reports.get(groupKey) ?? { reports: [], reasons: {} };
    const due = key.oldest.getTime() + slaMs;
    items.push({
      id: groupKey,
      question,
      count: key.n,
      reasons: group.reasons,
      reports: group.reports,
      oldestAt: key.oldest.toISOString(),
      sla: answered
        ? null
        : {
            dueAt: new Date(due).toISOString(),
            overdue: now.getTime() > due,
            minutes: Math.round(Math.abs(due - now.getTime()) / 60_000),
          },
      analysis: analyses.get(key.questionId) ?? null,
      resolution: resolutions.get(groupKey) ?? null,
    });
  }
  return {
    items,
    total,
    page: query.page,
    pageSize: query.pageSize,
    slaHours: settings.reportSlaHours,
  };
}

const groupKeyOf = (questionId: string, resolvedAt: Date | string | null) =>
  resolvedAt ? `${questionId}@${new Date(resolvedAt).toISOString()}` : questionId;

type ReportListRow = {
  id: string;
  question_id: string;
  resolved_at: string | null;
  reason: ReportReason;
  note: string;
  credit_me: boolean;
  created_at: string;
  reporter: string;
  k: number;
};

/**
 * The first reports of each group (oldest first) with their reporters' names, and the count of
 * each reason over the whole group: one statement each, over the page's questions only.
 */
async function groupReports(db: Db, questionIds: string[], answered: boolean) {
  const groups = new Map<
    string,
    { reports: QueueReport[]; reasons: Partial<Record<ReportReason, number>> }
  >();
  if (questionIds.length === 0) return groups;
  const state = answered ? sql`r.status <> 'open'` : sql`r.status = 'open'`;
  const ids = sql.join(
    questionIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const [listed, reasons] = await Promise.all([
    db.execute(sql`
      select * from (
        select r.id, r.question_id, r.resolved_at, r.reason, r.note, r.credit_me, r.created_at,
               coalesce(nullif(btrim(p.full_name), ''), u.name) as reporter,
               row_number() over (partition by r.question_id, r.resolved_at
                                  order by r.created_at, r.id)::int as k
          from ${questionReports} r
          join "user" u on u.id = r.user_id
          left join profiles p on p.id = r.user_id
         where r.question_id in (${ids}) and ${state}) x
       where k <= ${QUEUE_REPORTS_SHOWN}
       order by created_at, id`),
    db.execute(sql`
      select r.question_id, r.resolved_at, r.reason, count(*)::int as n
        from ${questionReports} r
       where r.question_id in (${ids}) and ${state}
       group by 1, 2, 3`),
  ]);
  const groupOf = (questionId: string, resolvedAt: string | null) => {
    const key = groupKeyOf(questionId, resolvedAt);
    let group = groups.get(key);
    if (!group) {
      group = { reports: [], reasons: {} };
      groups.set(key, group);
    }
    return group;
  };
  for (const row of (listed as unknown as { rows: ReportListRow[] }).rows) {
    groupOf(row.question_id, row.resolved_at).reports.push({
      id: row.id,
      reason: row.reason,
      note: row.note,
      creditMe: row.credit_me,
      createdAt: new Date(row.created_at).toISOString(),
      reporter: row.reporter,
    });
  }
  type ReasonRow = {
    question_id: string;
    resolved_at: string | null;
    reason: ReportReason;
    n: number;
  };
  for (const row of (reasons as unknown as { rows: ReasonRow[] }).rows) {
    groupOf(row.question_id, row.resolved_at).reasons[row.reason] = Number(row.n);
  }
  return groups;
}

/** Each answer's status, reply, who gave it and the key change it made, by group. */
async function groupResolutions(db: Db, questionIds: string[]) {
  const found = new Map<string, QueueResolution>();
  if (questionIds.length === 0) return found;
  const rows = await db
    .selectDistinctOn([questionReports.questionId, questionReports.resolvedAt], {
      questionId: questionReports.questionId,
      resolvedAt: questionReports.resolvedAt,
      status: questionReports.status,
      reply: questionReports.reply,
      resolvedBy: sql<
        string | null
      >`(select coalesce(nullif(btrim(p.full_name), ''), u.name) from "user" u
          left join profiles p on p.id = u.id where u.id = ${questionReports.resolvedBy})`,
      keyChange: {
        id: keyChanges.id,
        kind: keyChanges.kind,
        oldAnswers: keyChanges.oldAnswers,
        newAnswers: keyChanges.newAnswers,
        dropRule: keyChanges.dropRule,
        reason: keyChanges.reason,
        reasonHi: keyChanges.reasonHi,
      },
    })
    .from(questionReports)
    .leftJoin(keyChanges, eq(keyChanges.id, questionReports.keyChangeId))
    .where(
      and(inArray(questionReports.questionId, questionIds), ne(questionReports.status, "open")),
    )
    .orderBy(questionReports.questionId, questionReports.resolvedAt, questionReports.createdAt);
  for (const row of rows) {
    if (!row.resolvedAt || row.status === "open") continue;
    found.set(groupKeyOf(row.questionId, row.resolvedAt), {
      status: row.status,
      reply: row.reply,
      resolvedAt: row.resolvedAt.toISOString(),
      resolvedBy: row.resolvedBy,
      keyChange: row.keyChange?.id ? row.keyChange : null,
    });
  }
  return found;
}
