/**
 * What pages show of a plan: its price and the link to the plans page. Apart from
 * `subscriptions.ts` and its input schemas, so a page that shows a price or links to the plans
 * (the home page, a live class card) does not load zod (Total Blocking Time, decision 054).
 */

import { formatIndianNumber } from "./indian-number.ts";

/** Where a student sees the plans and buys one. */
export const PLANS_PATH = "/student/subscriptions";

/** Spec price suffix: '/year' if the name contains yearly, '/month' if monthly. */
export function priceSuffix(planName: string): string {
  const name = planName.toLowerCase();
  if (name.includes("yearly")) return "/year";
  if (name.includes("monthly")) return "/month";
  return "";
}

/** Spec: plans whose name contains premium are highlighted. */
export function isHighlightedPlan(planName: string): boolean {
  return planName.toLowerCase().includes("premium");
}

export function formatPrice(amount: number, currency: string): string {
  const symbol = currency === "INR" ? "₹" : `${currency} `;
  const decimals = Number.isInteger(amount) ? 0 : 2;
  // Intl.NumberFormat("en-IN")'s text, without Intl's start-up cost (indian-number.ts).
  return `${symbol}${formatIndianNumber(amount, { minimumFractionDigits: decimals, maximumFractionDigits: 2 })}`;
}
