import { eq } from "drizzle-orm";
import {
  PLACEHOLDER_APP_TITLE,
  PLACEHOLDER_CONTACT_EMAIL,
  type SetupChecklist,
  type SetupItem,
} from "../../../shared/setup-checklist.ts";
import type { Db } from "../../db/client.ts";
import { paymentGateways } from "../../db/schema/subscriptions.ts";
import { publicationDay } from "../../lib/calendar.ts";
import { legalPagesReady } from "../legal/legal.service.ts";
import { getSiteSettings } from "../settings/settings.service.ts";

/** The gateway row's name (payments/payments-deps.ts#RAZORPAY; admin does not import payments). */
const RAZORPAY = "razorpay";

/**
 * What the site still needs before students see it, read fresh from the database
 * (not the settings cache), so a save shows at once on the dashboard.
 */
export async function getSetupChecklist(db: Db, now: Date = new Date()): Promise<SetupChecklist> {
  const [settings, [gateway], legalReady] = await Promise.all([
    getSiteSettings(db),
    db
      .select({
        keyId: paymentGateways.keyId,
        keySecret: paymentGateways.keySecret,
        isActive: paymentGateways.isActive,
      })
      .from(paymentGateways)
      .where(eq(paymentGateways.gatewayName, RAZORPAY)),
    legalPagesReady(db),
  ]);
  const passed = settings.examDate < publicationDay(now);
  const items: SetupItem[] = [
    { id: "app-title", done: settings.appTitle.trim() !== PLACEHOLDER_APP_TITLE },
    {
      id: "contact-email",
      done: settings.contactEmail.trim().toLowerCase() !== PLACEHOLDER_CONTACT_EMAIL,
    },
    { id: "logo", done: settings.logoUrl !== null },
    { id: "exam-date", done: !passed, examDate: settings.examDate, passed },
    {
      id: "razorpay",
      done: Boolean(gateway?.keyId && gateway.keySecret && gateway.isActive),
    },
    { id: "legal-pages", done: legalReady },
  ];
  return { done: items.every((item) => item.done), items };
}
