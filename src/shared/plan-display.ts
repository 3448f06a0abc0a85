/**
 * What pages show of a plan: its price and the link to the plans page. Apart from
 * `subscriptions.ts` and its input schemas, so a page that shows a price or links to the plans
 * (the home page, a live class card) does not load zod (issue 23's Total Blocking Time).
 */

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
  return `${symbol}${priceFormat(Number.isInteger(amount) ? 0 : 2).format(amount)}`;
}

// One number format per number of decimals: toLocaleString with options builds a new one on every
// call (~1-2 ms each on a phone, for every price on the page).
const priceFormats = new Map<number, Intl.NumberFormat>();
function priceFormat(minimumFractionDigits: number): Intl.NumberFormat {
  let format = priceFormats.get(minimumFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat("en-IN", { minimumFractionDigits, maximumFractionDigits: 2 });
    priceFormats.set(minimumFractionDigits, format);
  }
  return format;
}
