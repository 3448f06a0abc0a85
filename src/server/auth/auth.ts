import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins/two-factor";
import { and, eq, gt, sql } from "drizzle-orm";
import { signUpBodySchema } from "../../shared/auth.ts";
import type { Role } from "../../shared/constants.ts";
import type { UiLanguage } from "../../shared/i18n/languages.ts";
import { REFERRAL_MESSAGES } from "../../shared/referrals.ts";
import type { Db } from "../db/client.ts";
import { account, rateLimit, session, twoFactor, user, verification } from "../db/schema/auth.ts";
import { profiles } from "../db/schema/profiles.ts";
import type { Logger } from "../lib/logger.ts";
import { readerLanguage } from "../lib/reader-language.ts";
import type { Mailer } from "../mail/mailer.ts";
import { resetPasswordEmail, verificationEmail } from "../mail/templates.ts";
import { clearAccountFailures } from "./account-throttle.ts";
import { toBetterAuthLogger } from "./auth-logger.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { getPasswordProblem } from "./password-policy.ts";

export const CLIENT_IP_HEADER = "x-client-ip";

/**
 * Refer and earn at sign-up (decisions 043 and 058), given by the server's wiring (auth sits below
 * the modules): `check` runs before the account exists and refuses an unknown code or a
 * self-referral; `record` runs once the account is committed.
 */
export type SignUpReferrals = {
  check(
    code: string,
    cookieHeader: string | null,
    email: string,
  ): Promise<"ok" | "unknown" | "self">;
  record(code: string, userId: string, cookieHeader: string | null): Promise<void>;
};

export type AuthOptions = {
  db: Db;
  secret: string;
  publicUrl: string;
  trustedOrigins: string[];
  mailer: Mailer;
  getAppTitle: () => Promise<string>;
  requireEmailVerification: boolean;
  rateLimit: { max: number; windowSeconds: number };
  logger: Logger;
  referrals?: SignUpReferrals;
};

export function createAuth(options: AuthOptions) {
  const { mailer, getAppTitle } = options;
  const rule = { window: options.rateLimit.windowSeconds, max: options.rateLimit.max };
  return betterAuth({
    appName: "UPSC Prep",
    baseURL: options.publicUrl,
    basePath: "/api/auth",
    secret: options.secret,
    logger: toBetterAuthLogger(options.logger),
    // The app checks origins first (lib/trusted-origins.ts); better-auth's own check agrees.
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(options.db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit, twoFactor },
    }),
    plugins: [
      // Authenticator-app codes (TOTP) at sign-in once a user turns them on; admins are asked to
      // from their dashboard (decision 029). A wrong code counts per sign-in attempt and per
      // account (the plugin locks the account's codes after 10 misses for 15 minutes).
      twoFactorPlugin({ issuer: "UPSC Prep" }),
    ],
    databaseHooks: {
      user: {
        create: {
          // After the sign-up's transaction committed: the referral row names the new account.
          after: async (created, context) => {
            const code = (context?.body as { referralCode?: unknown } | undefined)?.referralCode;
            if (!options.referrals || typeof code !== "string" || !code) return;
            if (context?.path !== "/sign-up/email") return;
            await options.referrals.record(
              code,
              created.id,
              context.headers?.get("cookie") ?? null,
            );
          },
        },
      },
    },
    user: {
      additionalFields: {
        metadata: { type: "json", required: false, input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      requireEmailVerification: options.requireEmailVerification,
      // Without verification a new student is signed in at once and taken to onboarding (the
      // sign-up answer carries a session token); with it, they verify first and then log in.
      autoSignIn: !options.requireEmailVerification,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user: u, url }, request) => {
        const language = await recipientLanguage(options.db, u.id, request);
        await mailer.send(resetPasswordEmail(u.email, await getAppTitle(), url, language));
      },
      // The lock message tells a locked-out owner to reset: a reset lifts it (decision 029).
      onPasswordReset: async ({ user: u }) => {
        await clearAccountFailures(options.db, { email: u.email, userId: u.id });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: options.requireEmailVerification,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user: u, url }, request) => {
        const language = await recipientLanguage(options.db, u.id, request);
        await mailer.send(verificationEmail(u.email, await getAppTitle(), url, language));
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // No cookie cache: a revoked session must stop working on the very next request.
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/*": rule,
        "/sign-up/*": rule,
        "/request-password-reset": rule,
        "/reset-password": rule,
        "/send-verification-email": rule,
        "/change-password": rule,
        "/verify-password": rule,
        "/two-factor/*": rule,
      },
    },
    disabledPaths: ["/update-user", "/change-email", "/delete-user", "/sign-in/social"],
    advanced: {
      useSecureCookies: options.publicUrl.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/change-password" || ctx.path === "/reset-password") {
          // A new password obeys the same list, and an admin's the admin length (decision 029).
          const body = (ctx.body ?? {}) as { newPassword?: unknown; token?: unknown };
          if (typeof body.newPassword !== "string") return;
          const userId =
            ctx.path === "/change-password"
              ? (await getSessionFromCtx(ctx))?.user.id
              : await findResetTokenUser(options.db, body.token ?? ctx.query?.token);
          if (!userId) return; // better-auth refuses it with its own message
          assertPasswordAllowed(body.newPassword, await findRole(options.db, userId));
          return;
        }
        if (ctx.path !== "/sign-up/email") return;
        // The profile's fields come only from this validated metadata; the role is never read
        // from input (the database trigger always creates a student).
        const parsed = signUpBodySchema.safeParse(ctx.body);
        if (!parsed.success) {
          const first = parsed.error.issues[0];
          throw new APIError("BAD_REQUEST", {
            code: "VALIDATION_FAILED",
            message: first?.message ?? "Invalid sign-up details.",
          });
        }
        const { name, email, password, metadata, referralCode } = parsed.data;
        assertPasswordAllowed(password, "student");
        // The product tells a visitor that the email is taken ('Account Exists') instead of
        // better-auth's silent anti-enumeration answer; sign-up is rate-limited like sign-in.
        const [taken] = await options.db
          .select({ id: user.id })
          .from(user)
          .where(sql`lower(${user.email}) = ${email.toLowerCase()}`);
        if (taken) {
          throw new APIError("UNPROCESSABLE_ENTITY", {
            code: "USER_ALREADY_EXISTS",
            message: "An account with this email already exists.",
          });
        }
        if (referralCode) {
          // Refused before the account exists: a refusal stores nothing (decisions 043 and 058).
          const verdict = options.referrals
            ? await options.referrals.check(referralCode, ctx.headers?.get("cookie") ?? null, email)
            : "unknown";
          if (verdict === "unknown") {
            throw new APIError("UNPROCESSABLE_ENTITY", {
              code: "REFERRAL_CODE_UNKNOWN",
              message: REFERRAL_MESSAGES.unknownCode,
            });
          }
          if (verdict === "self") {
            throw new APIError("CONFLICT", {
              code: "SELF_REFERRAL",
              message: REFERRAL_MESSAGES.selfReferral,
            });
          }
        }
        return {
          context: {
            ...ctx,
            body: {
              name,
              email,
              password,
              metadata,
              callbackURL: "/login?verified=1",
              ...(referralCode ? { referralCode } : {}),
            },
          },
        };
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

function assertPasswordAllowed(password: string, role: Role): void {
  const problem = getPasswordProblem(password, role);
  if (problem) {
    throw new APIError("BAD_REQUEST", { code: "PASSWORD_NOT_ALLOWED", message: problem });
  }
}

/**
 * The language an email to this user is written in (decision 039): the interface language they
 * chose (profiles.ui_language); before they have chosen, the language of the page that asked for
 * the email (the `lang` cookie the client keeps, so a student who registers in Hindi gets the
 * confirmation in Hindi); else English, the spec's words.
 */
function recipientLanguage(db: Db, userId: string, request?: Request): Promise<UiLanguage> {
  return readerLanguage(db, userId, request?.headers.get("cookie"));
}

async function findRole(db: Db, userId: string): Promise<Role> {
  const [row] = await db
    .select({ role: profiles.role })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.role ?? "student";
}

/** The account a reset token belongs to, read without using the token up. */
async function findResetTokenUser(db: Db, token: unknown): Promise<string | null> {
  if (typeof token !== "string" || !token) return null;
  const [row] = await db
    .select({ userId: verification.value })
    .from(verification)
    .where(
      and(
        eq(verification.identifier, `reset-password:${token}`),
        gt(verification.expiresAt, new Date()),
      ),
    );
  return row?.userId ?? null;
}
