import { z } from "zod";
import { EXAM_SECTIONS } from "./exams.ts";
import { paginationQuerySchema } from "./pagination.ts";
import { questionTagFilterSchema } from "./taxonomy.ts";
import { text } from "./text.ts";

/** The query strings of the lists, shared by the routes and the web (decision 033). */

const search = text().trim().max(200).optional();

/**
 * ?page=&pageSize=&search= on a paged admin list (categories, exams, quizzes, results,
 * subscriptions); a list without a search box (plans) takes `paginationQuerySchema`.
 */
export const pagedSearchQuerySchema = paginationQuerySchema.extend({ search });

/** The admin question bank: one exam's or one quiz's questions, by tag, searched and paged. */
export const questionListQuerySchema = pagedSearchQuerySchema
  .extend({
    examId: z.uuid().optional(),
    quizId: z.uuid().optional(),
  })
  .extend(questionTagFilterSchema.shape);
export type QuestionListQuery = z.infer<typeof questionListQuerySchema>;

/** The home page's mock tests, by section. */
export const mockTestsQuerySchema = z.object({ section: z.enum(EXAM_SECTIONS).optional() });
