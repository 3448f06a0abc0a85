import { describe, expect, it } from "vitest";
import { financialYearOf, formatInvoiceNumber, GSTIN_PATTERN, splitGst } from "./invoice.ts";

describe("invoice numbering", () => {
  it("follows India's financial year, April to March, in India time", () => {
    expect(financialYearOf(new Date("2026-03-31T18:29:59Z"))).toBe("2025-26");
    expect(financialYearOf(new Date("2026-03-31T18:30:00Z"))).toBe("2026-27");
    expect(financialYearOf(new Date("2099-12-31T00:00:00Z"))).toBe("2099-00");
    expect(formatInvoiceNumber("2026-27", 42)).toBe("2026-27/00042");
    expect(formatInvoiceNumber("2026-27", 123456)).toHaveLength(14);
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
