import { describe, expect, it } from "vitest";
import { createExcerpt, isAllowedImageSrc, toVideoEmbedUrl } from "./rich-text.ts";

describe("createExcerpt (spec: 200 characters at a word boundary plus '...')", () => {
  it("keeps a short text as it is, with whitespace tidied", () => {
    expect(createExcerpt("  The   monsoon\n arrives early. ")).toBe("The monsoon arrives early.");
    expect(createExcerpt("")).toBe("");
  });

  it("keeps a text of exactly 200 characters whole", () => {
    const text = "a".repeat(200);
    expect(createExcerpt(text)).toBe(text);
  });

  it("cuts a longer text at the last word boundary within 200 characters and adds '...'", () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ");
    const excerpt = createExcerpt(words);
    expect(excerpt.endsWith("...")).toBe(true);
    const body = excerpt.slice(0, -3);
    expect(body.length).toBeLessThanOrEqual(200);
    expect(words.startsWith(body)).toBe(true);
    // It ends on a whole word: the next character of the text is the space after it.
    expect(words[body.length]).toBe(" ");
  });

  it("does not leave a trailing comma or full stop before the '...'", () => {
    const text = `${"x".repeat(198)}, more words follow here`;
    expect(createExcerpt(text)).toBe(`${"x".repeat(198)}...`);
  });

  it("cuts a single overlong word at 200 characters", () => {
    expect(createExcerpt("y".repeat(300))).toBe(`${"y".repeat(200)}...`);
  });
});

describe("toVideoEmbedUrl", () => {
  it.each([
    [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    ],
    ["https://youtu.be/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    [
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    ],
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://player.vimeo.com/video/76979871", "https://player.vimeo.com/video/76979871"],
  ])("turns %s into an embed URL", (input, expected) => {
    expect(toVideoEmbedUrl(input)).toBe(expected);
  });

  it.each([
    "https://evil.example/embed/x",
    "javascript:alert(1)",
    "https://www.youtube.com.evil.example/embed/abc",
    'https://www.youtube.com/embed/abc"><script>',
    "not a url",
  ])("refuses %s", (input) => {
    expect(toVideoEmbedUrl(input)).toBeNull();
  });
});

describe("isAllowedImageSrc", () => {
  it("accepts http, https, data images and our own storage", () => {
    expect(isAllowedImageSrc("https://example.com/a.png")).toBe(true);
    expect(isAllowedImageSrc("data:image/png;base64,AAAA")).toBe(true);
    expect(isAllowedImageSrc("/storage/news_images/1-a.png")).toBe(true);
  });
  it("refuses other schemes", () => {
    expect(isAllowedImageSrc("javascript:alert(1)")).toBe(false);
    expect(isAllowedImageSrc("data:text/html;base64,AAAA")).toBe(false);
    expect(isAllowedImageSrc("//evil.example/a.png")).toBe(false);
    expect(isAllowedImageSrc("vbscript:x")).toBe(false);
  });
});
