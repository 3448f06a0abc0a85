/**
 * Numbers as `Intl.NumberFormat("en-IN")` writes them (Indian digit grouping, "12,34,567.5";
 * hi-IN writes the same Latin digits), without Intl. A page's first `Intl` format costs a phone
 * tens of milliseconds of main thread (the engine loads its locale data; the page's Total
 * Blocking Time, decision 054), and the server and the browser then print the same text by
 * construction. format.test.ts and indian-number.test.ts hold it to Intl's output.
 */
export type IndianNumberOptions = {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
  /** "exceptZero": "+2", "-1.33", "0" (the sign of the rounded value). */
  signDisplay?: "auto" | "exceptZero";
};

/** `value` rounded to `digits` decimals, half away from zero, as decimal digits: ["1234", "5"]. */
function roundDecimal(value: number, digits: number): [string, string] {
  // The shortest decimal that reads back as `value` (what ICU rounds too): 1.005 is "1.005".
  const [whole = "0", fraction = ""] = String(Math.abs(value)).split(".");
  if (fraction.length <= digits) return [whole, fraction];
  const kept = `${whole}${fraction.slice(0, digits)}`;
  const roundUp = fraction.charCodeAt(digits) >= 53; // "5" to "9"
  let rounded = kept;
  if (roundUp) {
    const digitsOut = kept.split("");
    let at = digitsOut.length - 1;
    while (at >= 0) {
      if (digitsOut[at] === "9") {
        digitsOut[at] = "0";
        at -= 1;
      } else {
        digitsOut[at] = String(Number(digitsOut[at]) + 1);
        break;
      }
    }
    rounded = (at < 0 ? "1" : "") + digitsOut.join("");
  }
  const split = rounded.length - digits;
  return [rounded.slice(0, split) || "0", rounded.slice(split)];
}

/** "1234567" → "12,34,567": the last three digits, then pairs. */
function groupIndian(whole: string): string {
  if (whole.length <= 3) return whole;
  const head = whole.slice(0, -3);
  const pairs = head.replace(/\B(?=(\d{2})+$)/g, ",");
  return `${pairs},${whole.slice(-3)}`;
}

export function formatIndianNumber(value: number, options: IndianNumberOptions = {}): string {
  const { minimumFractionDigits = 0, signDisplay = "auto" } = options;
  const maximumFractionDigits = Math.max(options.maximumFractionDigits ?? 3, minimumFractionDigits);
  // Exponent forms (below 1e-6, from 1e21), NaN and infinities: Intl's own words.
  if (!Number.isFinite(value) || /e/.test(String(value))) {
    return new Intl.NumberFormat("en-IN", {
      minimumFractionDigits,
      maximumFractionDigits,
      signDisplay,
    }).format(value);
  }
  const [whole, rawFraction] = roundDecimal(value, maximumFractionDigits);
  let fraction = rawFraction.replace(/0+$/, "");
  if (fraction.length < minimumFractionDigits)
    fraction = fraction.padEnd(minimumFractionDigits, "0");
  const isZero = /^0*$/.test(whole + rawFraction);
  const negative = value < 0 || Object.is(value, -0);
  let sign = "";
  if (signDisplay === "exceptZero") sign = isZero ? "" : negative ? "-" : "+";
  else if (negative) sign = "-";
  return `${sign}${groupIndian(whole)}${fraction ? `.${fraction}` : ""}`;
}
