import { asc, count, eq, ilike, or } from "drizzle-orm";
import type { z } from "zod";
import type { categoryInputSchema } from "../../../shared/exams.ts";
import { msg } from "../../../shared/i18n/msg.ts";
import { pageOf } from "../../../shared/page.ts";
import type { SearchPageQuery } from "../../../shared/pagination.ts";
import type { Db } from "../../db/client.ts";
import { examCategories, exams } from "../../db/schema/exams.ts";
import { AppError } from "../../lib/app-error.ts";
import { pgErrorCode, UNIQUE_VIOLATION } from "../../lib/db-errors.ts";
import { containsPattern } from "../../lib/search.ts";

type CategoryInput = z.output<typeof categoryInputSchema>;

/**
 * Admin list: categories by name (index exam_categories_name_idx), searchable by name or
 * description, each with its derived exam count, a page at a time.
 */
export async function listCategories(db: Db, filter: SearchPageQuery) {
  const pattern = filter.search ? containsPattern(filter.search) : null;
  const where = pattern
    ? or(ilike(examCategories.name, pattern), ilike(examCategories.description, pattern))
    : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: examCategories.id,
        name: examCategories.name,
        description: examCategories.description,
        iconSlug: examCategories.iconSlug,
        imageSlug: examCategories.imageSlug,
        examCount: count(exams.id),
      })
      .from(examCategories)
      .leftJoin(exams, eq(exams.categoryId, examCategories.id))
      .where(where)
      .groupBy(examCategories.id)
      .orderBy(asc(examCategories.name), asc(examCategories.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(examCategories).where(where),
  ]);
  return pageOf(items, total, filter);
}

/** id and name of every category, by name (the exam form's select, the student's filter). */
export async function listCategoryOptions(db: Db) {
  return db
    .select({ id: examCategories.id, name: examCategories.name })
    .from(examCategories)
    .orderBy(asc(examCategories.name));
}

function duplicateName(error: unknown, name: string): never {
  if (pgErrorCode(error) === UNIQUE_VIOLATION) {
    throw new AppError("CONFLICT", {
      key: msg('A category named "{{name}}" already exists.'),
      values: { name },
    });
  }
  throw error;
}

export async function createCategory(db: Db, input: CategoryInput) {
  const [row] = await db
    .insert(examCategories)
    .values(input)
    .returning()
    .catch((e) => duplicateName(e, input.name));
  return row;
}

export type UpdateCategoryInput = {
  id: string;
  input: CategoryInput;
};

export async function updateCategory(db: Db, { id, input }: UpdateCategoryInput) {
  const [row] = await db
    .update(examCategories)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(examCategories.id, id))
    .returning()
    .catch((e) => duplicateName(e, input.name));
  if (!row) throw new AppError("NOT_FOUND", "Category not found.");
  return row;
}

/** Refused while exams belong to the category (the foreign key would refuse it too). */
export async function deleteCategory(db: Db, id: string) {
  return db.transaction(async (tx) => {
    const [category] = await tx
      .select({ id: examCategories.id })
      .from(examCategories)
      .where(eq(examCategories.id, id))
      .for("update");
    if (!category) throw new AppError("NOT_FOUND", "Category not found.");
    const [linked] = await tx.select({ n: count() }).from(exams).where(eq(exams.categoryId, id));
    const n = linked?.n ?? 0;
    if (n > 0) {
      throw new AppError(
        "CONFLICT",
        `This category is linked to ${n} exam(s). Please reassign or delete them first.`,
        { examCount: n },
      );
    }
    await tx.delete(examCategories).where(eq(examCategories.id, id));
    return { id };
  });
}
