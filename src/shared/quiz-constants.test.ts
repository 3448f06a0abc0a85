import { describe, expect, it } from "vitest";
import { LANGUAGE_LABELS, languagesLabel } from "./quiz-constants.ts";

describe("languagesLabel", () => {
  it("names every language in its own script, not 'English +1 More'", () => {
    expect(languagesLabel([LANGUAGE_LABELS.en, LANGUAGE_LABELS.hi])).toBe("English, हिन्दी");
    expect(languagesLabel([LANGUAGE_LABELS.en])).toBe("English");
    expect(languagesLabel([])).toBe("");
  });
});
