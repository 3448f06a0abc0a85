import { afterEach, describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatDuration,
  formatIndiaDateTime,
  formatInProgress,
  formatNumber,
  formatScorePercent,
  formatSignedMarks,
} from "./format.ts";
import { applyLanguage } from "./i18n.ts";

describe("formatInProgress", () => {
  it("counts whole minutes left, rounding up", () => {
    expect(formatInProgress(23 * 60)).toBe("In progress · 23 min left");
    expect(formatInProgress(22 * 60 + 1)).toBe("In progress · 23 min left");
    expect(formatInProgress(5)).toBe("In progress · 1 min left");
  });

  it("says time is up rather than counting into the past", () => {
    expect(formatInProgress(0)).toBe("In progress · time is up");
    expect(formatInProgress(-30)).toBe("In progress · time is up");
  });
});

describe("formatScorePercent", () => {
  it("gives the toast, summary and review one format, and the results list a whole percent", () => {
    expect(formatScorePercent(66.666)).toBe("66.67%");
    expect(formatScorePercent(100)).toBe("100.00%");
    expect(formatScorePercent(null)).toBe("0.00%");
    expect(formatScorePercent(66.67, true)).toBe("67%");
  });
});

describe("formatSignedMarks", () => {
  it("signs net marks, with a true minus, at most two decimals", () => {
    expect(formatSignedMarks(-1.3)).toBe("\u22121.3");
    expect(formatSignedMarks(2.666)).toBe("+2.67");
    expect(formatSignedMarks(0)).toBe("0");
    expect(formatSignedMarks(1000)).toBe("+1,000");
  });
});

describe("formatIndiaDateTime", () => {
  afterEach(() => applyLanguage("en"));

  it("gives India's time whatever the device's zone, and says so", async () => {
    // 04:30 UTC is 10:00 in India.
    expect(formatIndiaDateTime("2026-12-05T04:30:00Z")).toBe("5 Dec 2026, 10:00 IST");
    expect(formatIndiaDateTime("2026-12-05T18:45:00Z")).toBe("6 Dec 2026, 00:15 IST");
    expect(formatIndiaDateTime(null)).toBe("—");
    await applyLanguage("hi");
    expect(formatIndiaDateTime("2026-12-05T04:30:00Z")).toBe("5 दिस॰ 2026, सुबह 10:00 (भारतीय समय)");
  });
});

describe("in Hindi", () => {
  afterEach(() => applyLanguage("en"));

  it("dates, numbers and durations follow the language", async () => {
    const day = new Date("2026-11-21T10:00:00Z");
    expect(formatDate(day)).toBe("21 Nov 2026");
    expect(formatNumber(100000)).toBe("1,00,000");
    expect(formatDuration(725)).toBe("12m 05s");
    await applyLanguage("hi");
    expect(formatDate(day)).toBe(
      new Intl.DateTimeFormat("hi-IN", { day: "numeric", month: "short", year: "numeric" }).format(
        day,
      ),
    );
    expect(formatDate(day)).not.toBe("21 Nov 2026");
    expect(formatDuration(725)).toBe("12 मि 05 से");
    expect(formatInProgress(23 * 60)).toBe("जारी · 23 मिनट शेष");
  });

  it("writes the time of day in words, not the Latin am/pm", async () => {
    await applyLanguage("hi");
    const text = formatDateTime(new Date("2026-11-24T03:17:00Z"));
    expect(text).not.toMatch(/[A-Za-z]/);
    expect(text).toMatch(/\d{1,2}:17/);
  });
});

describe("the dates Intl.DateTimeFormat writes, without Intl", () => {
  afterEach(() => applyLanguage("en"));
  const DATE = { day: "numeric", month: "short", year: "numeric" } as const;
  const DATE_TIME = {
    en: { ...DATE, hour: "2-digit", minute: "2-digit" },
    hi: { ...DATE, hour: "numeric", minute: "2-digit", dayPeriod: "short" },
  } as const;
  const LOCALE = { en: "en-GB", hi: "hi-IN" } as const;
  // Every month, and every hour of a day, across a year boundary.
  const instants = [
    ...Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2026, month, 9, 6, 5))),
    ...Array.from({ length: 48 }, (_, half) => new Date(Date.UTC(2026, 11, 31, 0, 30 * half + 7))),
  ];

  it.each(["en", "hi"] as const)("in %s, in the device's zone and in India's", async (language) => {
    await applyLanguage(language);
    const locale = LOCALE[language];
    for (const instant of instants) {
      expect(formatDate(instant)).toBe(new Intl.DateTimeFormat(locale, DATE).format(instant));
      expect(formatDateTime(instant)).toBe(
        new Intl.DateTimeFormat(locale, DATE_TIME[language]).format(instant),
      );
      const india = new Intl.DateTimeFormat(locale, {
        ...DATE_TIME[language],
        timeZone: "Asia/Kolkata",
      }).format(instant);
      expect(formatIndiaDateTime(instant)).toBe(
        language === "en" ? `${india} IST` : `${india} (भारतीय समय)`,
      );
    }
  });

  it("numbers as Intl.NumberFormat writes them, in both languages", async () => {
    for (const language of ["en", "hi"] as const) {
      await applyLanguage(language);
      expect(formatNumber(1234567.5)).toBe(new Intl.NumberFormat("en-IN").format(1234567.5));
      expect(formatNumber(1234567.5)).toBe(new Intl.NumberFormat("hi-IN").format(1234567.5));
    }
  });
});
