import { describe, expect, it } from "vitest";
import {
  PYQ_YEAR_MAX,
  PYQ_YEAR_MESSAGE,
  PYQ_YEAR_MIN,
  pyqYearSchema,
  subjectInputSchema,
  TAXONOMY_MESSAGES,
  TAXONOMY_NAME_MAX,
  topicInputSchema,
} from "./taxonomy.ts";

// The messages are spelled out for translation; they must still say the limits the code enforces.
describe("taxonomy messages", () => {
  it("name the year range the schema enforces", () => {
    expect(PYQ_YEAR_MESSAGE).toBe(`Year must be between ${PYQ_YEAR_MIN} and ${PYQ_YEAR_MAX}.`);
    expect(pyqYearSchema.safeParse(PYQ_YEAR_MIN - 1).error?.issues[0]?.message).toBe(
      PYQ_YEAR_MESSAGE,
    );
  });

  it("name the length limit of subject and topic names", () => {
    const long = "x".repeat(TAXONOMY_NAME_MAX + 1);
    expect(subjectInputSchema.safeParse({ name: long }).error?.issues[0]?.message).toBe(
      `Subject name can be at most ${TAXONOMY_NAME_MAX} characters.`,
    );
    expect(topicInputSchema.safeParse({ name: " " }).error?.issues[0]?.message).toBe(
      "Topic name is required.",
    );
  });

  it("put the count into the messages the server sends", () => {
    expect(TAXONOMY_MESSAGES.topicInUse(3)).toBe(
      "This topic is linked to 3 question(s). Please reassign them, or merge it into another topic.",
    );
  });
});
