import type { DbOrTx } from "../db/client.ts";
import { faqs, legalPages } from "../db/schema/support.ts";

/**
 * Demo texts for the legal pages: sensible starting points, marked `needs_review` so the admin's
 * screen says they are the demo's until an admin saves each one (decision 040). They name no
 * email address or postal address: the Contact page shows the ones in the site settings.
 */
export const DEMO_LEGAL_PAGES = [
  {
    slug: "terms",
    title: "Terms of Service",
    content: `<p>These terms apply to your use of this website and its mock tests, quizzes, news analysis and subscription plans. By creating an account you accept them.</p>
<h2>Your account</h2>
<ul><li>Give true details when you register and keep your password to yourself.</li><li>One account is for one person. Sharing an account, or the questions and explanations of a paid test, is not allowed.</li><li>We may suspend an account that is misused, after telling its owner why.</li></ul>
<h2>Plans and payments</h2>
<p>Paid plans give access for the period shown on the plan, from the moment the payment is confirmed. Prices include GST where it applies; every payment gets a tax invoice under Transactions. Payments are processed by Razorpay.</p>
<h2>Content</h2>
<p>Questions, explanations and articles are written for practice and may contain mistakes. Tell us through the Support page and we will correct them. The content may not be copied or resold.</p>
<h2>Changes</h2>
<p>We may update these terms; the date of the last change is shown on this page.</p>`,
  },
  {
    slug: "refund",
    title: "Refund and Cancellation",
    content: `<p>We want you to be sure before you pay: every plan's limits are listed on the plans page, and free tests let you try the platform first.</p>
<h2>Refunds</h2>
<ul><li>If you paid for a plan and have not started any premium test yet, you can ask for a full refund within 7 days of the payment.</li><li>If a payment was taken twice, or taken but no plan was activated, the extra amount is refunded in full.</li><li>Refunds go back to the original payment method within 5 to 7 working days of approval.</li></ul>
<h2>Cancellation</h2>
<p>A plan runs until the end of its period and does not renew by itself, so there is nothing to cancel. To ask for a refund, send a request from the Support page with your invoice number.</p>`,
  },
  {
    slug: "privacy",
    title: "Privacy Policy",
    content: `<p>We store the details you give us (name, email, mobile number, address, date of birth and photo) to run your account, and your answers and scores to show your results and rank.</p>
<h2>What we do not do</h2>
<ul><li>We do not sell your data or show it to other students: ranks and percentiles never reveal another student's answers.</li><li>We do not store card or bank details: payments are handled by Razorpay.</li></ul>
<h2>Security</h2>
<p>Passwords are stored only as salted hashes, and administrators can protect their accounts with two-factor sign-in.</p>
<h2>Your choices</h2>
<p>You can correct your details on your profile page at any time, and ask us through the Support page to delete your account and its data.</p>`,
  },
  {
    slug: "about",
    title: "About Us",
    content: `<p>We help UPSC Civil Services aspirants practise the way the real examination is set: full-length Prelims mocks with negative marking, previous-year pattern papers, daily current-affairs quizzes and news analysis, in English and Hindi.</p>
<p>Every test shows your score, rank and percentile, and a review of every question with its explanation, so you know what to revise next.</p>`,
  },
  {
    slug: "contact",
    title: "Contact Us",
    content: `<p>For help with your account, a payment or a question in a test, send us a request from the Support page: we reply by email within two working days.</p>
<p>For anything else, write to the email address or the postal address below.</p>`,
  },
] as const;

export const DEMO_FAQS = [
  {
    question: "What happens if my connection drops during an exam?",
    answer:
      "Every answer is saved as you choose it. Open the exam again to continue where you stopped; the timer keeps running on the server.",
  },
  {
    question: "Where do I see my scores?",
    answer: "In My Results, with your rank, percentile and a review of every question.",
  },
  {
    question: "Is there negative marking?",
    answer:
      "Tests in the UPSC pattern deduct one-third of a question's marks for a wrong answer, as the real Prelims does. Each test's start screen states its rules.",
  },
  {
    question: "How do I get an invoice for my payment?",
    answer:
      "Open Transactions from your dashboard and choose Invoice beside the payment. You can print it or download it as a PDF.",
  },
  {
    question: "I forgot my password.",
    answer: "Use Forgot password on the login page: we email you a link to set a new one.",
  },
] as const;

/** The demo legal pages and FAQs (idempotent: a page an admin wrote is left alone). */
export async function seedDemoLegal(tx: DbOrTx, demoId: (key: string) => string) {
  await tx
    .insert(legalPages)
    .values(DEMO_LEGAL_PAGES.map((page) => ({ ...page, needsReview: true })))
    .onConflictDoNothing();
  await tx
    .insert(faqs)
    .values(
      DEMO_FAQS.map((faq, i) => ({
        id: demoId(`faq:${i}`),
        ...faq,
        sortOrder: (i + 1) * 10,
        isPublished: true,
      })),
    )
    .onConflictDoNothing();
  return { legalPages: DEMO_LEGAL_PAGES.length, faqs: DEMO_FAQS.length };
}
