import { describe, expect, it } from "vitest";
import { formatIndianNumber, type IndianNumberOptions } from "./indian-number.ts";

const values = [
  0,
  -0,
  1,
  -1,
  7,
  12,
  999,
  1000,
  12345,
  100000,
  1234567,
  123456789012,
  9007199254740991,
  0.5,
  1.5,
  2.5,
  -2.5,
  1.005,
  1.015,
  1.045,
  0.125,
  0.1 + 0.2,
  1 / 3,
  -1 / 3,
  2 / 3,
  -0.66,
  0.994,
  0.995,
  0.999,
  9.995,
  99.999,
  999.9999,
  1234.5678,
  -1234.5678,
  0.001,
  -0.001,
  0.0004,
  -0.0004,
  0.0005,
  499,
  499.5,
  1999.99,
  123.456789,
  1e-6,
  1e-7,
  1e20,
  1e21,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];
const optionSets: IndianNumberOptions[] = [
  {},
  { maximumFractionDigits: 2, signDisplay: "exceptZero" },
  { minimumFractionDigits: 0, maximumFractionDigits: 2 },
  { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  { maximumFractionDigits: 0 },
];

describe("formatIndianNumber", () => {
  it.each(optionSets)(
    "writes what Intl.NumberFormat('en-IN' and 'hi-IN') writes, %o",
    (options) => {
      for (const value of values) {
        const expected = new Intl.NumberFormat("en-IN", options).format(value);
        expect(formatIndianNumber(value, options), String(value)).toBe(expected);
        expect(new Intl.NumberFormat("hi-IN", options).format(value)).toBe(expected);
      }
    },
  );

  it("groups in lakhs and crores", () => {
    expect(formatIndianNumber(123456789)).toBe("12,34,56,789");
    expect(formatIndianNumber(-1.5, { signDisplay: "exceptZero" })).toBe("-1.5");
    expect(formatIndianNumber(2, { signDisplay: "exceptZero" })).toBe("+2");
  });
});
