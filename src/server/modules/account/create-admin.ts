import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "../../../shared/constants.ts";
import { hashPassword } from "../../auth/password.ts";
import type { Db } from "../../db/client.ts";
import { account, user } from "../../db/schema/auth.ts";
import { profiles } from "../../db/schema/profiles.ts";

export const createAdminInputSchema = z.object({
  email: z.email("Enter a valid email address.").transform((e) => e.toLowerCase()),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, "Password must be at least 6 characters long.")
    .max(128),
  name: z.string().trim().min(1).max(200).default("Admin"),
});
export type CreateAdminInput = z.input<typeof createAdminInputSchema>;

export type CreateAdminResult = { outcome: "created" | "promoted"; userId: string; email: string };

/**
 * Creates a verified admin with a password login, or promotes the existing user with that email
 * (their password is left as it is). One transaction either way.
 */
export async function createAdmin(db: Db, input: CreateAdminInput): Promise<CreateAdminResult> {
  const { email, password, name } = createAdminInputSchema.parse(input);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: user.id })
      .from(user)
      .where(sql`lower(${user.email}) = ${email}`);
    if (existing) {
      await tx
        .update(profiles)
        .set({ role: "admin", updatedAt: new Date() })
        .where(eq(profiles.id, existing.id));
      return { outcome: "promoted", userId: existing.id, email };
    }
    const userId = crypto.randomUUID().replaceAll("-", "");
    const now = new Date();
    await tx.insert(user).values({
      id: userId,
      name,
      email,
      emailVerified: true,
      metadata: { full_name: name },
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(account).values({
      id: crypto.randomUUID().replaceAll("-", ""),
      accountId: userId,
      providerId: "credential",
      userId,
      password: passwordHash,
      createdAt: now,
      updatedAt: now,
    });
    await tx.update(profiles).set({ role: "admin" }).where(eq(profiles.id, userId));
    return { outcome: "created", userId, email };
  });
}
