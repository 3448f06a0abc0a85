import { screen, within } from "@testing-library/react";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { ReceiptPage } from "./receipt-page.tsx";

const ID = "8a7e2c1e-0000-4000-8000-000000000501";
const RECEIPT = {
  id: ID,
  planName: "Pro Monthly",
  amount: 499,
  currency: "INR",
  status: "paid",
  gatewayOrderId: "order_1",
  gatewayPaymentId: "pay_1",
  failureReason: null,
  paidAt: "2026-11-20T04:00:00.000Z",
  createdAt: "2026-11-20T04:00:00.000Z",
  receiptNumber: ID,
  issuer: { name: "Test App", contactEmail: "help@example.com" },
  customer: { name: "Asha Rao", email: "asha@example.com" },
};
const INVOICE = {
  number: "2026-27/00042",
  issuedAt: "2026-11-20T04:00:00.000Z",
  seller: {
    name: "Demo Academy Pvt Ltd",
    address: "12 Ring Road\nNew Delhi 110001",
    gstin: "07AABCD1234E1Z5",
  },
  customer: { name: "Asha Rao", email: "asha@example.com" },
  planName: "Pro Monthly",
  validFrom: "2026-11-20T04:00:00.000Z",
  validUntil: "2026-12-20T04:00:00.000Z",
  currency: "INR",
  gstRate: 18,
  taxable: 422.88,
  tax: 76.12,
  total: 499,
};

function renderReceipt(body: object) {
  stubApi({ [`GET /api/payments/transactions/${ID}/receipt`]: () => jsonResponse(200, body) });
  return renderRoutes(
    [{ path: "/student/transactions/:transactionId/receipt", element: <ReceiptPage /> }],
    { path: `/student/transactions/${ID}/receipt`, session: studentSession() },
  );
}

describe("ReceiptPage", () => {
  it("shows the tax invoice with GST separately, to print or download as a PDF", async () => {
    renderReceipt({ ...RECEIPT, invoice: INVOICE });
    expect(await screen.findByRole("heading", { name: "Tax Invoice" })).toBeVisible();
    const invoice = screen.getByRole("article");
    expect(within(invoice).getByText("2026-27/00042")).toBeVisible();
    expect(within(invoice).getByText("GSTIN: 07AABCD1234E1Z5")).toBeVisible();
    expect(within(invoice).getByText("Valid 20 Nov 2026 to 20 Dec 2026")).toBeVisible();
    const lines = within(invoice).getByRole("table", { name: "Invoice lines" });
    expect(within(lines).getByRole("row", { name: /GST @ 18%/ })).toHaveTextContent("₹76.12");
    expect(within(lines).getByRole("row", { name: /Taxable value/ })).toHaveTextContent("₹422.88");
    expect(within(lines).getByRole("row", { name: /Total paid/ })).toHaveTextContent("₹499");
    expect(screen.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
      "href",
      `/api/payments/transactions/${ID}/invoice.pdf`,
    );
    expect(screen.getByRole("button", { name: "Print" })).toBeVisible();
  });

  it("says GST not applicable when the seller charges none", async () => {
    renderReceipt({
      ...RECEIPT,
      invoice: {
        ...INVOICE,
        gstRate: null,
        taxable: 499,
        tax: 0,
        seller: { ...INVOICE.seller, gstin: "" },
      },
    });
    expect(await screen.findByRole("heading", { name: "Invoice" })).toBeVisible();
    expect(screen.getByText("GST not applicable")).toBeVisible();
    expect(screen.getByText("Not registered for GST")).toBeVisible();
  });

  it("keeps the plain receipt for a payment without an invoice", async () => {
    renderReceipt({ ...RECEIPT, invoice: null });
    expect(await screen.findByRole("heading", { name: "Payment Receipt" })).toBeVisible();
    expect(screen.queryByRole("link", { name: "Download PDF" })).toBeNull();
  });
});
