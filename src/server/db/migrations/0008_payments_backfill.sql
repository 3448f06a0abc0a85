-- Subscriptions bought before plan terms were copied onto the row take their plan's current terms.
UPDATE "user_subscriptions" AS s
SET "plan_name" = p."name",
    "duration_days" = p."duration_days",
    "exam_limit" = p."exam_limit",
    "attempt_limit_per_exam" = p."attempt_limit_per_exam"
FROM "subscription_plans" AS p
WHERE p."id" = s."plan_id" AND s."plan_name" = '';
--> statement-breakpoint
-- A key secret stored before encryption cannot be decrypted: drop it and switch the gateway off
-- so an admin enters it again (it is then stored encrypted).
UPDATE "payment_gateways"
SET "key_secret" = NULL, "key_secret_hint" = NULL, "is_active" = false
WHERE "key_secret" IS NOT NULL AND "key_secret" NOT LIKE 'v1:%';
