import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { financialYearOf } from "../../../shared/invoice.ts";
import { invoiceCounters, invoices, paymentTransactions } from "../../db/schema/subscriptions.ts";
import { createPaymentsContext } from "../../test/payments-context.ts";
import { issueInvoice } from "./invoices.ts";

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
};

async function saveSeller(gstRate: number | null) {
  const response = await p.t.request("/api/settings", {
    method: "PUT",
    cookie: p.admin.cookie,
    body: { ...SELLER, gstRate },
  });
  expect(response.status).toBe(200);
}

/** A student who has bought `plan` (order, Checkout's Pay, the browser's verification). */
async function buy(planId: string) {
  const student = await p.t.createUser("student");
  const order = await p.t.request("/api/payments/razorpay/orders", {
    cookie: student.cookie,
    body: { planId },
  });
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
      seller: { name: SELLER.sellerName, address: SELLER.sellerAddress, gstin: SELLER.sellerGstin },
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
    const text = Buffer.from(await pdf.arrayBuffer()).toString("latin1");
    expect(text.startsWith("%PDF-1.4")).toBe(true);
    expect(text).toContain(`(${body.invoice.number})`);
    expect(text).toContain("(GST @ 18%)");
    expect(text).toContain("(INR 76.12)");
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
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
    const text = Buffer.from(await pdf.arrayBuffer()).toString("latin1");
    expect(text).toContain("(GST not applicable)");
    expect(text).toContain("(Invoice)");
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
        await issueInvoice(
          tx,
          transaction,
          {
            id: "00000000-0000-4000-8000-000000000000",
            planName: "x",
            startDate: new Date(),
            endDate: null,
          } as never,
          new Date(),
        );
        throw new Error("the capture failed after numbering");
      }),
    ).rejects.toThrow("the capture failed after numbering");
    await verify(c.student.cookie, c.paid);
    const { body } = await receipt(c.student.cookie, c.transactionId);
    expect(body.invoice.number).toBe(`${fy}/${String(last + 3).padStart(5, "0")}`);
  });
});
