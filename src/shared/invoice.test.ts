import { describe, expect, it } from "vitest";
import {
  creditNoteAmounts,
  financialYearOf,
  formatCreditNoteNumber,
  formatInvoiceNumber,
  GSTIN_PATTERN,
  splitGst,
  splitTaxParts,
} from "./invoice.ts";

describe("invoice numbering", () => {
  it("follows India's financial year, April to March, in India time", () => {
    expect(financialYearOf(new Date("2026-03-31T18:29:59Z"))).toBe("2025-26");
    expect(financialYearOf(new Date("2026-03-31T18:30:00Z"))).toBe("2026-27");
    expect(financialYearOf(new Date("2099-12-31T00:00:00Z"))).toBe("2099-00");
    expect(formatInvoiceNumber("2026-27", 42)).toBe("2026-27/00042");
    expect(formatInvoiceNumber("2026-27", 123456)).toHaveLength(14);
    expect(formatCreditNoteNumber("2026-27", 4)).toBe("CN/2026-27/00004");
    expect(formatCreditNoteNumber("2026-27", 99999)).toHaveLength(16);
  });
});

describe("GST", () => {
  it("splits a GST-inclusive price so the parts add up to the paise", () => {
    expect(splitGst(49900, 18)).toEqual({ taxablePaise: 42288, taxPaise: 7612 });
    expect(splitGst(100, 5)).toEqual({ taxablePaise: 95, taxPaise: 5 });
    for (const total of [1, 99, 12345, 249900]) {
      const { taxablePaise, taxPaise } = splitGst(total, 18);
      expect(taxablePaise + taxPaise).toBe(total);
    }
    expect(splitGst(49900, null)).toEqual({ taxablePaise: 49900, taxPaise: 0 });
  });

  it("knows a GSTIN's shape", () => {
    expect(GSTIN_PATTERN.test("07AABCD1234E1Z5")).toBe(true);
    expect(GSTIN_PATTERN.test("07AABCD1234E1X5")).toBe(false);
    expect(GSTIN_PATTERN.test("7AABCD1234E1Z5")).toBe(false);
  });
});

describe("the tax split (decision 059)", () => {
  it("halves the tax into CGST and SGST within a state, the odd paisa to CGST; IGST otherwise", () => {
    expect(splitTaxParts(7612, true)).toEqual({ cgstPaise: 3806, sgstPaise: 3806, igstPaise: 0 });
    expect(splitTaxParts(7613, true)).toEqual({ cgstPaise: 3807, sgstPaise: 3806, igstPaise: 0 });
    expect(splitTaxParts(7613, false)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 7613 });
  });

  it("credits refunds in parts that add up to the invoice, paisa for paisa", () => {
    const total = 49900;
    const invoice = {
      ...splitGst(total, 18),
      ...splitTaxParts(splitGst(total, 18).taxPaise, true),
    };
    const cuts = [0, 101, 10001, 33333, total];
    const notes = cuts.slice(1).map((now, i) => creditNoteAmounts(cuts[i] ?? 0, now, 18, true));
    for (const note of notes) {
      expect(note.taxablePaise + note.taxPaise).toBe(note.totalPaise);
      expect(note.cgstPaise + note.sgstPaise + note.igstPaise).toBe(note.taxPaise);
    }
    const sum = (key: keyof (typeof notes)[number]) => notes.reduce((a, n) => a + n[key], 0);
    expect(sum("totalPaise")).toBe(total);
    expect(sum("taxablePaise")).toBe(invoice.taxablePaise);
    expect(sum("cgstPaise")).toBe(invoice.cgstPaise);
    expect(sum("sgstPaise")).toBe(invoice.sgstPaise);
  });
});
