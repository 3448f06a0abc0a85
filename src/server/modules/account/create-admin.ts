import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { text } from "../../../shared/text.ts";
import { hashPassword } from "../../auth/password.ts";
import { getPasswordProblem } from "../../auth/password-policy.ts";
import type { Db } from "../../db/client.ts";
import { account, session, twoFactor, user } from "../../db/schema/auth.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { AppError } from "../../lib/app-error.ts";

export const createAdminInputSchema = z.object({
  email: z.email("Enter a valid email address.").transform((e) => e.toLowerCase()),
  // The same rule as every other password an admin sets (auth/password-policy.ts).
  password: text()
    .max(128)
    .superRefine((password, ctx) => {
      const problem = getPasswordProblem(password, "admin");
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  name: text().trim().min(1).max(200).default("Admin"),
  promote: z.boolean().default(false),
});
export type CreateAdminInput = z.input<typeof createAdminInputSchema>;

export type CreateAdminResult = { outcome: "created" | "promoted"; userId: string; email: string };

export const PROMOTE_REFUSED_MESSAGE = (email: string) =>
  `An account with the email ${email} already exists. To make it an admin, run the command again with --promote: this sets the password you give and signs that account out everywhere.`;

/**
 * Creates a verified admin with a password login. An existing account with that email is
 * promoted only when asked (`promote`): anyone can register an email before the operator runs
 * this, so a promoted account takes the operator's password, loses every session it had and has
 * two-factor sign-in turned off.
 * One transaction either way.
 */
export async function createAdmin(db: Db, input: CreateAdminInput): Promise<CreateAdminResult> {
  const { email, password, name, promote } = createAdminInputSchema.parse(input);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: user.id })
      .from(user)
      .where(sql`lower(${user.email}) = ${email}`);
    const now = new Date();
    if (existing) {
      if (!promote) throw new AppError("CONFLICT", PROMOTE_REFUSED_MESSAGE(email));
      await tx
        .update(profiles)
        .set({ role: "admin", updatedAt: now })
        .where(eq(profiles.id, existing.id));
      // The operator vouches for the address, as for an account created here.
      // It also turns two-factor sign-in off: the way back in for an admin who lost the
      // authenticator app (decision 029); they can turn it on again from My Account.
      await tx
        .update(user)
        .set({ emailVerified: true, twoFactorEnabled: false, updatedAt: now })
        .where(eq(user.id, existing.id));
      await tx.delete(twoFactor).where(eq(twoFactor.userId, existing.id));
      const updated = await tx
        .update(account)
        .set({ password: passwordHash, updatedAt: now })
        .where(and(eq(account.userId, existing.id), eq(account.providerId, "credential")))
        .returning({ id: account.id });
      if (updated.length === 0) {
        await tx.insert(account).values({
          id: crypto.randomUUID().replaceAll("-", ""),
          accountId: existing.id,
          providerId: "credential",
          userId: existing.id,
          password: passwordHash,
          createdAt: now,
          updatedAt: now,
        });
      }
      // Whoever registered the address may be signed in: their sessions end here.
      await tx.delete(session).where(eq(session.userId, existing.id));
      return { outcome: "promoted", userId: existing.id, email };
    }
    const userId = crypto.randomUUID().replaceAll("-", "");
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
