import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import { EVALUATION_MESSAGES } from "../../../shared/evaluation.ts";
import { pageOf } from "../../../shared/page.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { answerCopies, mentorInvitations } from "../../db/schema/evaluation.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { AppError } from "../../lib/app-error.ts";
import { containsPattern } from "../../lib/search.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { mentorInvitationEmail } from "../../mail/templates.ts";

/** Invitations are valid for two weeks. */
export const INVITATION_DAYS = 14;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type ListMentorsInput = {
  query: { page: number; pageSize: number; search?: string };
  now: Date;
};

/**
 * Mentors with their load (copies they hold now), evaluations, average turnaround (submission
 * to evaluation, hours) and average rating, by name.
 */
export async function listMentors(db: DbOrTx, { query, now }: ListMentorsInput) {
  const where: SQL[] = [eq(profiles.role, "mentor")];
  if (query.search) {
    const pattern = containsPattern(query.search);
    where.push(or(ilike(user.name, pattern), ilike(user.email, pattern)) as SQL);
  }
  const condition = and(...where);
  const at = now.toISOString();
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        load: sql<number>`(select count(*)::int from ${answerCopies} c where c.claimed_by = ${user.id} and c.status = 'claimed' and c.claim_expires_at > ${at}::timestamptz)`,
        evaluated: sql<number>`(select count(*)::int from ${answerCopies} c where c.evaluated_by = ${user.id} and c.status = 'evaluated')`,
        averageHours: sql<
          number | null
        >`(select round((avg(extract(epoch from c.evaluated_at - c.submitted_at)) / 3600)::numeric, 1)::float8 from ${answerCopies} c where c.evaluated_by = ${user.id} and c.status = 'evaluated')`,
        averageRating: sql<
          number | null
        >`(select round(avg(c.rating)::numeric, 2)::float8 from ${answerCopies} c where c.evaluated_by = ${user.id} and c.rating is not null)`,
      })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(condition)
      .orderBy(asc(user.name), asc(user.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(condition),
  ]);
  return pageOf(rows, total, query);
}

/** Makes an existing student account a mentor (an admin stays an admin). */
export async function promoteToMentor(db: DbOrTx, email: string) {
  const [found] = await db
    .select({ id: user.id, role: profiles.role })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  if (!found) throw new AppError("NOT_FOUND", EVALUATION_MESSAGES.accountNotFound);
  if (found.role === "admin")
    throw new AppError("CONFLICT", EVALUATION_MESSAGES.cannotPromoteAdmin);
  await db
    .update(profiles)
    .set({ role: "mentor", updatedAt: new Date() })
    .where(eq(profiles.id, found.id));
  return { id: found.id };
}

export type DemoteMentorInput = {
  mentorId: string;
  now: Date;
};

/** Back to student; the copies they hold return to the queue at once. */
export async function demoteMentor(db: Db, { mentorId, now }: DemoteMentorInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ role: "student", updatedAt: now })
      .where(and(eq(profiles.id, mentorId), eq(profiles.role, "mentor")))
      .returning({ id: profiles.id });
    if (!row) throw new AppError("NOT_FOUND", EVALUATION_MESSAGES.notAMentor);
    await tx
      .update(answerCopies)
      .set({
        status: "submitted",
        claimedBy: null,
        claimedAt: null,
        claimExpiresAt: null,
        annotations: null,
        partMarks: null,
        comment: null,
        updatedAt: now,
      })
      .where(and(eq(answerCopies.claimedBy, mentorId), eq(answerCopies.status, "claimed")));
    return { id: row.id };
  });
}

export type CreateInvitationInput = {
  email: string;
  invitedBy: string;
};

/** Records an invitation and returns the secret token for the mail's link (stored hashed). */
export async function createInvitation(db: DbOrTx, { email, invitedBy }: CreateInvitationInput) {
  const token = randomBytes(32).toString("base64url");
  await db
    .insert(mentorInvitations)
    .values({ email: email.toLowerCase(), tokenHash: hashToken(token), invitedBy });
  return token;
}

export type InviteMentorInput = {
  deps: { mailer: Mailer; publicUrl: string; appTitle: () => Promise<string> };
  email: string;
  invitedBy: string;
};

/**
 * An admin invites someone to become a mentor: the invitation is recorded and mailed at once.
 * Not an outbox message: the link carries the token, which is stored only hashed.
 */
export async function inviteMentor(db: Db, { deps, email, invitedBy }: InviteMentorInput) {
  const token = await createInvitation(db, { email, invitedBy });
  const url = `${deps.publicUrl}/mentor/join?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(mentorInvitationEmail(email, await deps.appTitle(), url));
}

export type AcceptInvitationInput = {
  viewer: { userId: string; email: string; role: string };
  token: string;
  now: Date;
};

/**
 * The invited person, signed in with the invited address, accepts: their account becomes a
 * mentor's. The token is single-use and expires after two weeks.
 */
export async function acceptInvitation(db: Db, { viewer, token, now }: AcceptInvitationInput) {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(mentorInvitations)
      .where(
        and(
          eq(mentorInvitations.tokenHash, hashToken(token)),
          isNull(mentorInvitations.acceptedAt),
        ),
      )
      .for("update");
    const fresh =
      invitation && now.getTime() - invitation.createdAt.getTime() < INVITATION_DAYS * 86_400_000;
    if (!invitation || !fresh || invitation.email !== viewer.email.toLowerCase()) {
      throw new AppError("NOT_FOUND", EVALUATION_MESSAGES.invitationInvalid);
    }
    if (viewer.role === "admin")
      throw new AppError("CONFLICT", EVALUATION_MESSAGES.cannotPromoteAdmin);
    await tx
      .update(mentorInvitations)
      .set({ acceptedAt: now, acceptedBy: viewer.userId })
      .where(eq(mentorInvitations.id, invitation.id));
    await tx
      .update(profiles)
      .set({ role: "mentor", updatedAt: now })
      .where(eq(profiles.id, viewer.userId));
    return { role: "mentor" as const };
  });
}
