import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { financialYearOf } from "../../../shared/invoice.ts";
import { SITE_SETTINGS_ID, siteSettings } from "../../db/schema/content.ts";
import { profiles } from "../../db/schema/profiles.ts";
import {
  creditNotes,
  invoiceCounters,
  invoices,
  paymentTransactions,
} from "../../db/schema/subscriptions.ts";
import { createPaymentsContext, KEYS } from "../../test/payments-context.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { issueInvoice } from "./invoices.ts";
import { recordCapturedPayment } from "./payment-ledger.ts";

let p: Awaited<ReturnType<typeof createPaymentsContext>>;

beforeAll(async () => {
  p = await createPaymentsContext();
  expect((await p.saveKeys()).status).toBe(200);
});
afterAll(async () => {
  await p.close();
});

const SELLER = {
  appTitle: "UPSC Prep",
  contactEmail: "help@upscprep.example",
  maintenanceMode: false,
  examName: "UPSC CSE",
  examDate: "2027-05-23",
  sellerName: "Demo Academy Pvt Ltd",
  sellerAddress: "12 Ring Road\nNew Delhi 110001",
  sellerGstin: "07AABCD1234E1Z5",
  sellerStateCode: "07",
};

async function saveSeller(gstRate: number | null) {
  const response = await p.t.request("/api/settings", {
    method: "PUT",
    cookie: p.admin.cookie,
    body: { ...SELLER, gstRate },
  });
  expect(response.status).toBe(200);
}

/**
 * A student who has bought `plan` (order, Checkout's Pay, the browser's verification), giving
 * their state at this first checkout: Delhi, the seller's, unless said otherwise.
 */
async function buy(planId: string, stateCode = "07") {
  const student = await p.t.createUser("student");
  const order = await p.t.request("/api/payments/razorpay/orders", {
    cookie: student.cookie,
    body: { planId, stateCode },
  });
  expect(order.status).toBe(200);
  const { orderId, transactionId } = (await order.json()) as {
    orderId: string;
    transactionId: string;
  };
  const paid = await p.pay(orderId);
  return { student, transactionId, paid };
}

const verify = (cookie: string, paid: unknown) =>
  p.t.request("/api/payments/razorpay/verify", { cookie, body: paid });

async function receipt(cookie: string, transactionId: string) {
  const response = await p.t.request(`/api/payments/transactions/${transactionId}/receipt`, {
    cookie,
  });
  return { status: response.status, body: await response.json() };
}

describe("tax invoices", () => {
  it("issue a numbered invoice with GST shown separately, printable as a PDF", async () => {
    await saveSeller(18);
    const plan = await p.createPlan({ name: "Pro Monthly", price: "499.00", durationDays: 30 });
    const { student, transactionId, paid } = await buy(plan.id);
    expect((await verify(student.cookie, paid)).status).toBe(200);

    const { body } = await receipt(student.cookie, transactionId);
    const fy = financialYearOf(new Date());
    expect(body.invoice).toMatchObject({
      number: expect.stringMatching(new RegExp(`^${fy}/\\d{5}$`)),
      seller: {
        name: SELLER.sellerName,
        address: SELLER.sellerAddress,
        gstin: SELLER.sellerGstin,
        state: { code: "07", name: "Delhi" },
      },
      customer: { state: { code: "07", name: "Delhi" } },
      placeOfSupply: { code: "07", name: "Delhi" },
      sacCode: "999293",
      reverseCharge: false,
      taxParts: { cgst: 38.06, sgst: 38.06, igst: 0 },
      planName: "Pro Monthly",
      gstRate: 18,
      total: 499,
      taxable: 422.88,
      tax: 76.12,
    });
    const days = (Date.parse(body.invoice.validUntil) - Date.parse(body.invoice.validFrom)) / 864e5;
    expect(days).toBe(30);
    expect(body.invoice.number.length).toBeLessThanOrEqual(16);

    const pdf = await p.t.request(`/api/payments/transactions/${transactionId}/invoice.pdf`, {
      cookie: student.cookie,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(
      `attachment; filename="invoice-${body.invoice.number.replace("/", "-")}.pdf"`,
    );
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(Buffer.from(bytes).toString("latin1").startsWith("%PDF-1.4")).toBe(true);
    const lines = await pdfText(bytes);
    expect(lines).toEqual(
      expect.arrayContaining([
        "Tax Invoice",
        "GSTIN: 07AABCD1234E1Z5",
        "State: Delhi (code 07)",
        `Invoice number ${body.invoice.number}`,
        "Buyer's state Delhi (code 07)",
        "Place of supply Delhi (code 07)",
        "Reverse charge No",
        "Description SAC Amount",
        "Pro Monthly 999293 INR 422.88",
        "Taxable value INR 422.88",
        // Intra-state: half each, the odd paisa (if any) to CGST; together the GST exactly.
        "CGST @ 9% INR 38.06",
        "SGST @ 9% INR 38.06",
        "Total paid INR 499.00",
        "Whether tax is payable on reverse charge: No",
        "This is a digitally signed/computer-generated invoice; no signature required.",
        `For ${SELLER.sellerName}`,
        "Authorised Signatory",
      ]),
    );
    expect(lines.some((line) => line.includes("IGST"))).toBe(false);
  });

  it("keeps an invoice as issued, and says GST not applicable when no rate is set", async () => {
    await saveSeller(null);
    const plan = await p.createPlan({ name: "Lifetime", price: "999.00", durationDays: 0 });
    const { student, transactionId, paid } = await buy(plan.id);
    await verify(student.cookie, paid);
    await saveSeller(12);
    const { body } = await receipt(student.cookie, transactionId);
    expect(body.invoice).toMatchObject({ gstRate: null, tax: 0, taxable: 999, validUntil: null });
    const pdf = await p.t.request(`/api/payments/transactions/${transactionId}/invoice.pdf`, {
      cookie: student.cookie,
    });
    const lines = await pdfText(await pdf.arrayBuffer());
    expect(lines).toContain("GST not applicable INR 0.00");
    expect(lines).toContain("Invoice");
  });

  it("are the buyer's own: another student, an admin and a visitor are refused", async () => {
    const plan = await p.createPlan();
    const { student, transactionId, paid } = await buy(plan.id);
    await verify(student.cookie, paid);
    const other = await p.t.createUser("student");
    expect((await receipt(other.cookie, transactionId)).status).toBe(404);
    const pdfAs = (cookie?: string) =>
      p.t.request(`/api/payments/transactions/${transactionId}/invoice.pdf`, { cookie });
    expect((await pdfAs(other.cookie)).status).toBe(404);
    expect((await pdfAs(p.admin.cookie)).status).toBe(403);
    expect((await pdfAs()).status).toBe(401);
    const bad = await p.t.request("/api/payments/transactions/not-a-uuid/invoice.pdf", {
      cookie: student.cookie,
    });
    expect(bad.status).toBe(404);
  });

  it("are numbered one after the other, without gaps, under concurrent captures", async () => {
    const plan = await p.createPlan();
    const a = await buy(plan.id);
    const b = await buy(plan.id);
    const fy = financialYearOf(new Date());
    const [counter] = await p.t.db
      .select()
      .from(invoiceCounters)
      .where(eq(invoiceCounters.financialYear, fy));
    const last = counter?.lastNumber ?? 0;
    // Both students' browsers verify at the same moment, and the webhooks arrive as well.
    const answers = await Promise.all([
      verify(a.student.cookie, a.paid),
      verify(b.student.cookie, b.paid),
      p.sandbox.deliverQueued(),
    ]);
    expect(answers[0].status).toBe(200);
    expect(answers[1].status).toBe(200);
    const issued = await p.t.db
      .select({ sequence: invoices.sequence, transactionId: invoices.transactionId })
      .from(invoices)
      .where(eq(invoices.financialYear, fy));
    const ours = issued.filter((row) =>
      [a.transactionId, b.transactionId].includes(row.transactionId),
    );
    expect(ours).toHaveLength(2);
    expect(ours.map((row) => row.sequence).sort()).toEqual([last + 1, last + 2]);

    // A capture that rolls back gives its number back: the next invoice takes it.
    const c = await buy(plan.id);
    const [transaction] = await p.t.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, c.transactionId));
    if (!transaction) throw new Error("no transaction");
    await expect(
      p.t.db.transaction(async (tx) => {
        await issueInvoice(tx, {
          transaction,
          subscription: {
            id: "00000000-0000-4000-8000-000000000000",
            planName: "x",
            startDate: new Date(),
            endDate: null,
          } as never,
          now: new Date(),
        });
        throw new Error("the capture failed after numbering");
      }),
    ).rejects.toThrow("the capture failed after numbering");
    await verify(c.student.cookie, c.paid);
    const { body } = await receipt(c.student.cookie, c.transactionId);
    expect(body.invoice.number).toBe(`${fy}/${String(last + 3).padStart(5, "0")}`);
  });
});

describe("GST particulars (decision 059)", () => {
  it("charges IGST when the buyer's state is not the seller's", async () => {
    await saveSeller(18);
    const plan = await p.createPlan({ name: "Pro Monthly", price: "499.00" });
    const { student, transactionId, paid } = await buy(plan.id, "29");
    expect((await verify(student.cookie, paid)).status).toBe(200);
    const { body } = await receipt(student.cookie, transactionId);
    expect(body.invoice).toMatchObject({
      customer: { state: { code: "29", name: "Karnataka" } },
      placeOfSupply: { code: "29", name: "Karnataka" },
      taxParts: { cgst: 0, sgst: 0, igst: 76.12 },
    });
    const pdf = await p.t.request(`/api/payments/transactions/${transactionId}/invoice.pdf`, {
      cookie: student.cookie,
    });
    const lines = await pdfText(await pdf.arrayBuffer());
    expect(lines).toEqual(
      expect.arrayContaining([
        "State: Delhi (code 07)",
        "Buyer's state Karnataka (code 29)",
        "Place of supply Karnataka (code 29)",
        "Pro Monthly 999293 INR 422.88",
        "IGST @ 18% INR 76.12",
        "Whether tax is payable on reverse charge: No",
      ]),
    );
    expect(lines.some((line) => /^[CS]GST/.test(line))).toBe(false);
  });

  it("asks the buyer's state at the first checkout only, and refuses an unknown one", async () => {
    const plan = await p.createPlan();
    const student = await p.t.createUser("student");
    const order = (body: Record<string, unknown>) =>
      p.t.request("/api/payments/razorpay/orders", { cookie: student.cookie, body });
    const rows = async () => ({
      state: (
        await p.t.db
          .select({ code: profiles.billingStateCode })
          .from(profiles)
          .where(eq(profiles.id, student.id))
      )[0]?.code,
      transactions: (
        await p.t.db
          .select()
          .from(paymentTransactions)
          .where(eq(paymentTransactions.userId, student.id))
      ).length,
    });
    const before = await rows();
    expect(before).toEqual({ state: null, transactions: 0 });

    const missing = await order({ planId: plan.id });
    expect(missing.status).toBe(422);
    expect((await missing.json()).error.message).toBe(
      "Choose your state for the GST invoice before paying.",
    );
    for (const stateCode of ["99", "25", "Delhi", ""]) {
      const unknown = await order({ planId: plan.id, stateCode });
      expect(unknown.status).toBe(422);
    }
    const badPut = await p.t.request("/api/payments/billing-state", {
      method: "PUT",
      cookie: student.cookie,
      body: { stateCode: "00" },
    });
    expect(badPut.status).toBe(422);
    expect(await rows()).toEqual(before);

    expect((await order({ planId: plan.id, stateCode: "27" })).status).toBe(200);
    expect(await rows()).toEqual({ state: "27", transactions: 1 });
    // Asked once: the next checkout needs no state.
    const again = await p.createPlan({ name: "Another", price: "199.00" });
    expect((await order({ planId: again.id })).status).toBe(200);
    const state = await p.t.request("/api/payments/billing-state", { cookie: student.cookie });
    expect(await state.json()).toEqual({ stateCode: "27" });
  });

  it("refuses a seller state that is unknown or disagrees with the GSTIN, changing nothing", async () => {
    await saveSeller(18);
    const stored = async () =>
      (await p.t.db.select().from(siteSettings).where(eq(siteSettings.id, SITE_SETTINGS_ID)))[0];
    const before = await stored();
    for (const sellerStateCode of ["99", "29"]) {
      const response = await p.t.request("/api/settings", {
        method: "PUT",
        cookie: p.admin.cookie,
        body: { ...SELLER, sellerStateCode, gstRate: 18, maintenanceMode: false },
      });
      expect(response.status).toBe(422);
    }
    expect(await stored()).toEqual(before);
  });

  it("restarts the numbers on 1 April, India time", async () => {
    const plan = await p.createPlan();
    // The last second of FY 2040-41 in India, twice, then its first second of 2041-42.
    const times = ["2041-03-31T18:29:58Z", "2041-03-31T18:29:59Z", "2041-03-31T18:30:00Z"];
    const numbers: string[] = [];
    for (const at of times) {
      const { student, transactionId, paid } = await buy(plan.id);
      const outcome = await recordCapturedPayment(p.t.db, {
        payment: {
          orderId: paid.razorpay_order_id,
          paymentId: paid.razorpay_payment_id,
          amount: 49900,
          currency: "INR",
        },
        now: new Date(at),
      });
      expect(outcome.outcome).toBe("activated");
      numbers.push((await receipt(student.cookie, transactionId)).body.invoice.number);
    }
    expect(numbers).toEqual(["2040-41/00001", "2040-41/00002", "2041-42/00001"]);
  });
});

/** A refund in Razorpay (the sandbox's API), whose webhooks are then delivered (each twice). */
async function refund(paymentId: string, amount?: number) {
  const response = await fetch(`${p.base}/v1/payments/${paymentId}/refund`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Basic ${Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString("base64")}`,
    },
    body: JSON.stringify(amount === undefined ? {} : { amount }),
  });
  expect(response.status).toBe(200);
  await p.sandbox.deliverQueued();
}

/** A signed refund.processed event of our own: Razorpay sending the refund again, anew. */
async function resendRefundEvent(paid: { razorpay_payment_id: string; razorpay_order_id: string }) {
  const [row] = await p.t.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.gatewayPaymentId, paid.razorpay_payment_id));
  const body = JSON.stringify({
    event: "refund.processed",
    payload: {
      refund: {
        entity: { id: `rfnd_${crypto.randomUUID()}`, amount: row?.amount, status: "processed" },
      },
      payment: {
        entity: {
          id: paid.razorpay_payment_id,
          order_id: paid.razorpay_order_id,
          amount: row?.amount,
          currency: "INR",
          status: "refunded",
          amount_refunded: row?.amount,
        },
      },
    },
  });
  const response = await p.t.app.request("/api/payments/razorpay/webhook", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-razorpay-signature": createHmac("sha256", KEYS.webhookSecret).update(body).digest("hex"),
      "x-razorpay-event-id": `evt_${crypto.randomUUID()}`,
    },
    body,
  });
  expect(response.status).toBe(200);
}

const notesOf = (transactionId: string) =>
  p.t.db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.transactionId, transactionId))
    .orderBy(creditNotes.sequence);

describe("credit notes (decision 059)", () => {
  it("are issued once for a refund, against the invoice, with its tax split", async () => {
    await saveSeller(18);
    const plan = await p.createPlan({ name: "Pro Monthly", price: "499.00" });
    const { student, transactionId, paid } = await buy(plan.id);
    await verify(student.cookie, paid);
    await refund(paid.razorpay_payment_id);
    // refund.processed delivered by the sandbox, then a fresh resend of it: one note.
    await resendRefundEvent(paid);
    const notes = await notesOf(transactionId);
    expect(notes).toHaveLength(1);
    const fy = financialYearOf(new Date());
    expect(notes[0]).toMatchObject({
      number: expect.stringMatching(new RegExp(`^CN/${fy}/\\d{5}$`)),
      totalPaise: 49900,
      taxablePaise: 42288,
      cgstPaise: 3806,
      sgstPaise: 3806,
      igstPaise: 0,
    });
    expect(notes[0]?.number.length).toBeLessThanOrEqual(16);

    const { body } = await receipt(student.cookie, transactionId);
    expect(body.status).toBe("refunded");
    expect(body.creditNotes).toEqual([
      expect.objectContaining({ id: notes[0]?.id, number: notes[0]?.number, total: 499 }),
    ]);
    const pdf = await p.t.request(`/api/payments/credit-notes/${notes[0]?.id}/credit-note.pdf`, {
      cookie: student.cookie,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toBe(
      `attachment; filename="credit-note-${notes[0]?.number.replaceAll("/", "-")}.pdf"`,
    );
    const lines = await pdfText(await pdf.arrayBuffer());
    const issued = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "Asia/Kolkata",
    }).format(new Date(body.invoice.issuedAt));
    expect(lines).toEqual(
      expect.arrayContaining([
        "Credit Note",
        "GSTIN: 07AABCD1234E1Z5",
        `Credit note number ${notes[0]?.number}`,
        `Original invoice ${body.invoice.number} dated ${issued}`,
        "Place of supply Delhi (code 07)",
        "Refund: Pro Monthly 999293 INR 422.88",
        "CGST @ 9% INR 38.06",
        "SGST @ 9% INR 38.06",
        "Total credited INR 499.00",
        "Whether tax is payable on reverse charge: No",
        "This is a digitally signed/computer-generated credit note; no signature required.",
      ]),
    );

    // The admin downloads it too; another student, and a student on the admin's route, cannot.
    const other = await p.t.createUser("student");
    const own = (cookie: string) =>
      p.t.request(`/api/payments/credit-notes/${notes[0]?.id}/credit-note.pdf`, { cookie });
    const admins = (cookie: string, path: string) =>
      p.t.request(`/api/admin/invoices/${path}`, { cookie });
    expect((await own(other.cookie)).status).toBe(404);
    expect((await own(p.admin.cookie)).status).toBe(403);
    const notePath = `credit-notes/${notes[0]?.id}/credit-note.pdf`;
    const invoicePath = `transactions/${transactionId}/invoice.pdf`;
    expect((await admins(p.admin.cookie, notePath)).status).toBe(200);
    expect((await admins(p.admin.cookie, invoicePath)).status).toBe(200);
    expect((await admins(student.cookie, notePath)).status).toBe(403);
    expect((await admins(other.cookie, invoicePath)).status).toBe(403);
  });

  it("credit a partial refund, then the rest: together the invoice, paisa for paisa", async () => {
    await saveSeller(18);
    const plan = await p.createPlan({ name: "Pro Monthly", price: "499.00" });
    const { student, transactionId, paid } = await buy(plan.id, "29");
    await verify(student.cookie, paid);
    await refund(paid.razorpay_payment_id, 10001);
    await refund(paid.razorpay_payment_id);
    const notes = await notesOf(transactionId);
    expect(notes.map((n) => n.totalPaise)).toEqual([10001, 39899]);
    const [invoice] = await p.t.db
      .select()
      .from(invoices)
      .where(eq(invoices.transactionId, transactionId));
    const sum = (key: "taxablePaise" | "taxPaise" | "igstPaise" | "cgstPaise") =>
      notes.reduce((total, n) => total + n[key], 0);
    expect(sum("taxablePaise")).toBe(invoice?.taxablePaise);
    expect(sum("taxPaise")).toBe(invoice?.taxPaise);
    expect(sum("igstPaise")).toBe(invoice?.igstPaise);
    expect(sum("cgstPaise")).toBe(0);
    expect(notes[1]?.sequence).toBe((notes[0]?.sequence ?? 0) + 1);
  });
});
