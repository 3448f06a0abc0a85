import { describe, expect, it } from "vitest";
import { contentLang, pickText } from "./content-language.ts";

describe("pickText", () => {
  it("shows the Hindi version in a Hindi interface, the English one otherwise", () => {
    expect(pickText("Daily Quiz", "दैनिक प्रश्नोत्तरी", "hi")).toEqual({
      text: "दैनिक प्रश्नोत्तरी",
      lang: "hi",
    });
    expect(pickText("Daily Quiz", "दैनिक प्रश्नोत्तरी", "en")).toEqual({
      text: "Daily Quiz",
      lang: "en",
    });
  });

  it("falls back to the main text without a Hindi version, marked by the script it is in", () => {
    expect(pickText("Daily Quiz", null, "hi")).toEqual({ text: "Daily Quiz", lang: "en" });
    expect(pickText("Daily Quiz", "", "hi")).toEqual({ text: "Daily Quiz", lang: "en" });
    expect(pickText("संविधान अभ्यास 12", undefined, "hi")).toEqual({
      text: "संविधान अभ्यास 12",
      lang: "hi",
    });
    expect(pickText("संविधान अभ्यास 12", null, "en")).toEqual({
      text: "संविधान अभ्यास 12",
      lang: "hi",
    });
  });

  it("names the language of a text by its script, and none for a text without letters", () => {
    expect(contentLang("Indian Polity")).toBe("en");
    expect(contentLang("राजव्यवस्था")).toBe("hi");
    expect(contentLang("UPSC प्रारंभिक परीक्षा")).toBe("hi");
    expect(contentLang("50%")).toBeUndefined();
    expect(contentLang("")).toBeUndefined();
    expect(contentLang(null)).toBeUndefined();
  });
});
