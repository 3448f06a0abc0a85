import { Hono } from "hono";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { validate } from "../../lib/validate.ts";
import { pdfHeaders } from "./payments.routes.ts";
import { getCreditNotePdf, getInvoicePdf } from "./transactions.service.ts";

/** /api/admin/invoices: any payment's tax invoice and any credit note, as PDFs (decision 059). */
export function createAdminInvoiceRoutes(db: Db) {
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/transactions/:id/invoice.pdf", validate("param", idParamSchema), async (c) => {
      const pdf = await getInvoicePdf(db, { transactionId: c.req.valid("param").id });
      return c.body(new Uint8Array(pdf.bytes), 200, pdfHeaders(pdf.fileName));
    })
    .get("/credit-notes/:id/credit-note.pdf", validate("param", idParamSchema), async (c) => {
      const pdf = await getCreditNotePdf(db, { id: c.req.valid("param").id });
      return c.body(new Uint8Array(pdf.bytes), 200, pdfHeaders(pdf.fileName));
    });
}
