import { eq } from "drizzle-orm";
import { GST_STATE_MESSAGES, type GstStateCode } from "../../../shared/gst-states.ts";
import type { Db } from "../../db/client.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { createCheckoutOrder } from "./checkout.service.ts";
import type { PaymentsDeps } from "./payments-deps.ts";

/** The student's state for GST invoices (a GST state code), or null until they give it. */
export async function getBillingState(db: Db, userId: string) {
  const [row] = await db
    .select({ stateCode: profiles.billingStateCode })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!row) throw new AppError("NOT_FOUND", "Profile not found.");
  return { stateCode: row.stateCode };
}

export type SetBillingStateInput = {
  userId: string;
  stateCode: GstStateCode;
};

/** Sets (or changes) the student's state: later invoices' place of supply (decision 059). */
export async function setBillingState(db: Db, { userId, stateCode }: SetBillingStateInput) {
  const [row] = await db
    .update(profiles)
    .set({ billingStateCode: stateCode, updatedAt: new Date() })
    .where(eq(profiles.id, userId))
    .returning({ stateCode: profiles.billingStateCode });
  if (!row) throw new AppError("NOT_FOUND", "Profile not found.");
  return { stateCode: row.stateCode };
}

export type StartCheckoutInput = {
  deps: PaymentsDeps;
  viewer: Pick<Viewer, "userId">;
  input: { planId: string; stateCode?: GstStateCode | undefined };
  now?: Date;
};

/**
 * A paid checkout asks for the student's state once (decision 059): without one, a student with
 * none on record is refused (422) before any order exists; a state sent with the order is kept on
 * the profile once the order is made (a refused checkout keeps nothing).
 */
export async function startCheckout(
  db: Db,
  { deps, viewer, input, now = new Date() }: StartCheckoutInput,
) {
  if (!input.stateCode && (await getBillingState(db, viewer.userId)).stateCode === null) {
    throw new AppError("VALIDATION_FAILED", GST_STATE_MESSAGES.required, [
      { path: "stateCode", message: GST_STATE_MESSAGES.required },
    ]);
  }
  const order = await createCheckoutOrder(db, { deps, viewer, planId: input.planId, now });
  if (input.stateCode)
    await setBillingState(db, { userId: viewer.userId, stateCode: input.stateCode });
  return order;
}
