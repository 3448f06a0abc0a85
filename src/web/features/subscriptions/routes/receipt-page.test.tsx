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
  creditNotes: [],
};
/** An invoice from before the GST particulars (decision 059): one GST line, no states. */
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

  it("shows rule 46's particulars: states, SAC, CGST and SGST, reverse charge, signatory, and a credit note", async () => {
    const delhi = { code: "07", name: "Delhi" };
    renderReceipt({
      ...RECEIPT,
      status: "refunded",
      invoice: {
        ...INVOICE,
        seller: { ...INVOICE.seller, state: delhi },
        customer: { ...INVOICE.customer, state: delhi },
        placeOfSupply: delhi,
        sacCode: "999293",
        reverseCharge: false,
        taxParts: { cgst: 38.06, sgst: 38.06, igst: 0 },
      },
      creditNotes: [
        {
          id: "cn-1",
          number: "CN/2026-27/00004",
          issuedAt: "2026-11-25T04:00:00.000Z",
          taxable: 422.88,
          tax: 76.12,
          taxParts: { cgst: 38.06, sgst: 38.06, igst: 0 },
          total: 499,
        },
      ],
    });
    const invoice = await screen.findByRole("article");
    expect(within(invoice).getByText("State: Delhi (07)")).toBeVisible();
    expect(within(invoice).getByText("Buyer's state").nextSibling).toHaveTextContent("Delhi (07)");
    expect(within(invoice).getByText("Place of supply").nextSibling).toHaveTextContent(
      "Delhi (07)",
    );
    const lines = within(invoice).getByRole("table", { name: "Invoice lines" });
    expect(within(lines).getByRole("columnheader", { name: "SAC" })).toBeVisible();
    expect(within(lines).getByRole("cell", { name: "999293" })).toBeVisible();
    expect(within(lines).getByRole("row", { name: /CGST @ 9%/ })).toHaveTextContent("₹38.06");
    expect(within(lines).getByRole("row", { name: /SGST @ 9%/ })).toHaveTextContent("₹38.06");
    expect(within(lines).queryByRole("row", { name: /IGST/ })).toBeNull();
    expect(within(invoice).getByText("Whether tax is payable on reverse charge: No")).toBeVisible();
    expect(within(invoice).getByText("For Demo Academy Pvt Ltd")).toBeVisible();
    expect(within(invoice).getByText("Authorised Signatory")).toBeVisible();
    const notes = screen.getByRole("region", { name: "Credit notes" });
    expect(
      within(notes).getByRole("link", { name: "Download PDF: credit note CN/2026-27/00004" }),
    ).toHaveAttribute("href", "/api/payments/credit-notes/cn-1/credit-note.pdf");
  });

  it("shows IGST when the place of supply is another state", async () => {
    renderReceipt({
      ...RECEIPT,
      invoice: {
        ...INVOICE,
        seller: { ...INVOICE.seller, state: { code: "07", name: "Delhi" } },
        customer: { ...INVOICE.customer, state: { code: "29", name: "Karnataka" } },
        placeOfSupply: { code: "29", name: "Karnataka" },
        sacCode: "999293",
        taxParts: { cgst: 0, sgst: 0, igst: 76.12 },
      },
    });
    const lines = await screen.findByRole("table", { name: "Invoice lines" });
    expect(within(lines).getByRole("row", { name: /IGST @ 18%/ })).toHaveTextContent("₹76.12");
    expect(within(lines).queryByRole("row", { name: /CGST/ })).toBeNull();
    expect(screen.queryByRole("region", { name: "Credit notes" })).toBeNull();
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
