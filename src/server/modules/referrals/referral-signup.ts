import { randomInt } from "node:crypto";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import {
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  REFERRAL_CODE_PATTERN,
} from "../../../shared/referrals.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { session } from "../../db/schema/auth.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { referralCodes, referrals } from "../../db/schema/referrals.ts";
import type { Logger } from "../../lib/logger.ts";
import { readDeviceUsers } from "../../lib/referral-device.ts";
import { verifySessionCookie } from "../../lib/session.ts";
import { normalizeEmail } from "./referral-rules.ts";

function newCode(): string {
  let code = "";
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1) {
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  }
  return code;
}

/** The student's code, made on first use (a clash with another's code draws again). */
export async function ensureReferralCode(db: DbOrTx, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const [existing] = await db
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.userId, userId));
    if (existing) return existing.code;
    await db.insert(referralCodes).values({ userId, code: newCode() }).onConflictDoNothing();
  }
  throw new Error("could not make a referral code");
}

/** The account that owns a code (typed codes are read upper-case), or null. */
export async function findCodeOwner(db: DbOrTx, code: string): Promise<string | null> {
  const normalised = code.trim().toUpperCase();
  if (!REFERRAL_CODE_PATTERN.test(normalised)) return null;
  const [row] = await db
    .select({ userId: referralCodes.userId })
    .from(referralCodes)
    .where(eq(referralCodes.code, normalised));
  return row?.userId ?? null;
}

export type MarkSharedDeviceInput = {
  userIds: string[];
  now: Date;
  logger: Logger;
};

/**
 * Accounts seen signed in on one browser (its device cookie): a referral between any two of
 * them is marked, and earns no credit when paid (decision 058). A failure is logged, never
 * the sign-in's.
 */
export async function markSharedDevice(db: Db, { userIds, now, logger }: MarkSharedDeviceInput) {
  if (userIds.length < 2) return;
  try {
    await db
      .update(referrals)
      .set({ sharedDeviceAt: now, updatedAt: now })
      .where(
        and(
          inArray(referrals.referrerId, userIds),
          inArray(referrals.referredId, userIds),
          isNull(referrals.sharedDeviceAt),
        ),
      );
  } catch (error) {
    logger.error("shared device not recorded", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

export type CreateSignUpReferralsInput = { secret: string; secureCookies: boolean; logger: Logger };

/**
 * The sign-up side of refer and earn, for auth (SignUpReferrals). A self-referral is a code of
 * an account that is signed in on the registering browser (the request carries its live
 * session cookie) or has signed in on it before (the signed device cookie lists it), or whose
 * email is the new one's mailbox written another way (a "+tag", Gmail's dots; decision 058): all
 * are refused before the account exists. The new account is referred once (referrals_referred_key:
 * the first code wins) and only here, at sign-up.
 */
export function createSignUpReferrals(db: Db, options: CreateSignUpReferralsInput) {
  async function sessionUser(cookieHeader: string | null) {
    const token = verifySessionCookie(cookieHeader ?? undefined, options.secret, {
      secure: options.secureCookies,
    });
    if (!token) return null;
    const [row] = await db
      .select({ userId: session.userId })
      .from(session)
      .where(and(eq(session.token, token), gt(session.expiresAt, new Date())));
    return row?.userId ?? null;
  }

  return {
    async check(code: string, cookieHeader: string | null, email: string) {
      const referrerId = await findCodeOwner(db, code);
      if (!referrerId) return "unknown" as const;
      const [owner] = await db
        .select({ email: profiles.email })
        .from(profiles)
        .where(eq(profiles.id, referrerId));
      const mailbox = normalizeEmail(email);
      if (mailbox && normalizeEmail(owner?.email) === mailbox) return "self" as const;
      if (readDeviceUsers(cookieHeader, options.secret).includes(referrerId)) {
        return "self" as const;
      }
      if ((await sessionUser(cookieHeader)) === referrerId) return "self" as const;
      return "ok" as const;
    },
    async record(code: string, userId: string, cookieHeader: string | null) {
      try {
        const referrerId = await findCodeOwner(db, code);
        if (!referrerId || referrerId === userId) return;
        if (readDeviceUsers(cookieHeader, options.secret).includes(referrerId)) return;
        await db
          .insert(referrals)
          .values({ referrerId, referredId: userId, code: code.trim().toUpperCase() })
          .onConflictDoNothing();
      } catch (error) {
        options.logger.error("referral not recorded", {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    },
  };
}
