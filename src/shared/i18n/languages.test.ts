import { describe, expect, it } from "vitest";
import { requestedLanguage } from "./languages.ts";

describe("requestedLanguage", () => {
  it("takes a stored choice first, then the cookie", () => {
    expect(requestedLanguage({ stored: "hi", cookie: "en", acceptLanguage: "en" })).toBe("hi");
    expect(requestedLanguage({ stored: null, cookie: "hi", acceptLanguage: "en" })).toBe("hi");
    expect(requestedLanguage({ stored: "fr", cookie: "xx", acceptLanguage: "" })).toBe("en");
  });

  it("follows the browser's order and weights between Hindi and English", () => {
    expect(requestedLanguage({ acceptLanguage: "hi-IN,hi;q=0.9,en;q=0.8" })).toBe("hi");
    expect(requestedLanguage({ acceptLanguage: "en-IN,en;q=0.9,hi;q=0.8" })).toBe("en");
    expect(requestedLanguage({ acceptLanguage: "en;q=0.5,hi;q=0.7" })).toBe("hi");
    expect(requestedLanguage({ acceptLanguage: "mr-IN,hi;q=0.8" })).toBe("hi");
    expect(requestedLanguage({ acceptLanguage: "ta-IN,fr" })).toBe("en");
    expect(requestedLanguage({})).toBe("en");
  });
});
