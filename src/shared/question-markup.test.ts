import { describe, expect, it } from "vitest";
import {
  isQuestionImageSrc,
  questionMarkupToHtml,
  questionMarkupToPlainText,
} from "./question-markup.ts";
import { XSS_PAYLOADS } from "./xss-payloads.ts";

const OWN_TAGS =
  /<\/?(p|br|strong|ol|ul|li|div tabindex="0"|div|table|thead|tbody|tr|th scope="col"|th|td)>/g;

const STATEMENTS = [
  "Consider the following statements:",
  "1. The Rajya Sabha is a permanent body.",
  "2. Money Bills are introduced only in the Lok Sabha.",
  "3. The Vice-President is the Chairman of the Rajya Sabha.",
  "Which of the statements given above is/are correct?",
].join("\n");

describe("questionMarkupToHtml", () => {
  it("leaves a plain question plain: escaped text, no wrapper", () => {
    expect(questionMarkupToHtml("Which Article abolishes untouchability?")).toBe(
      "Which Article abolishes untouchability?",
    );
    expect(questionMarkupToHtml("Article 14")).toBe("Article 14");
    expect(questionMarkupToHtml("1857 and 1858")).toBe("1857 and 1858");
  });

  it("keeps line breaks, and blank lines start a paragraph", () => {
    expect(questionMarkupToHtml("Line one\r\nLine two")).toBe("Line one<br>Line two");
    expect(questionMarkupToHtml("Para one\n\nPara two\nstill two")).toBe(
      "<p>Para one</p><p>Para two<br>still two</p>",
    );
  });

  it("turns consecutive 1. 2. 3. lines into a numbered list of statements", () => {
    expect(questionMarkupToHtml(STATEMENTS)).toBe(
      "<p>Consider the following statements:</p>" +
        "<ol><li>The Rajya Sabha is a permanent body.</li>" +
        "<li>Money Bills are introduced only in the Lok Sabha.</li>" +
        "<li>The Vice-President is the Chairman of the Rajya Sabha.</li></ol>" +
        "<p>Which of the statements given above is/are correct?</p>",
    );
  });

  it("starts a list only at 1. and stops when the numbers break", () => {
    expect(questionMarkupToHtml("2. not a list")).toBe("2. not a list");
    expect(questionMarkupToHtml("1. one\n3. three")).toBe("<ol><li>one</li></ol><p>3. three</p>");
  });

  it("turns '- ' lines into a bullet list", () => {
    expect(questionMarkupToHtml("Note:\n- first\n- second")).toBe(
      "<p>Note:</p><ul><li>first</li><li>second</li></ul>",
    );
  });

  it("turns | rows | into a table whose first row is the header", () => {
    const html = questionMarkupToHtml(
      [
        "Match List-I with List-II:",
        "| List-I | List-II |",
        "|---|---|",
        "| A. Ramsar | 1. Wetlands |",
        "| B. Montreal | 2. **Ozone** |",
      ].join("\n"),
    );
    expect(html).toBe(
      "<p>Match List-I with List-II:</p>" +
        '<div tabindex="0"><table><thead><tr><th scope="col">List-I</th><th scope="col">List-II</th></tr></thead>' +
        "<tbody><tr><td>A. Ramsar</td><td>1. Wetlands</td></tr>" +
        "<tr><td>B. Montreal</td><td>2. <strong>Ozone</strong></td></tr></tbody></table></div>",
    );
  });

  it("makes **bold** strong, and leaves a lone ** alone", () => {
    expect(questionMarkupToHtml("Which is **NOT** correct?")).toBe(
      "Which is <strong>NOT</strong> correct?",
    );
    expect(questionMarkupToHtml("2 ** 3")).toBe("2 ** 3");
  });

  it("shows images from the app's own /storage only", () => {
    expect(questionMarkupToHtml("See ![Map of India](/storage/news_images/1-map.png)")).toBe(
      'See <img src="/storage/news_images/1-map.png" alt="Map of India">',
    );
    for (const src of [
      "https://evil.example/x.png",
      "//evil.example/x.png",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "/storage/../etc/passwd",
      '/storage/x.png"onerror="alert(1)',
    ]) {
      const html = questionMarkupToHtml(`![x](${src})`);
      expect(html, src).not.toContain("<img");
    }
    expect(isQuestionImageSrc("/storage/quiz_pdfs/a.png")).toBe(true);
    expect(isQuestionImageSrc("/storagex/a.png")).toBe(false);
  });

  it("escapes HTML instead of passing it through", () => {
    expect(questionMarkupToHtml('<b>x</b> & "y"')).toBe("&lt;b&gt;x&lt;/b&gt; &amp; &quot;y&quot;");
    expect(questionMarkupToHtml("| <i>a</i> |\n| b |")).toContain(
      '<th scope="col">&lt;i&gt;a&lt;/i&gt;</th>',
    );
    expect(questionMarkupToHtml("**<script>alert(1)</script>**")).toBe(
      "<strong>&lt;script&gt;alert(1)&lt;/script&gt;</strong>",
    );
  });

  it.each(XSS_PAYLOADS)("produces no markup from %s", (_name, payload) => {
    // Also as a list item, a table cell and bold text.
    for (const input of [payload, `1. ${payload}`, `| ${payload} |`, `**${payload}**`]) {
      const html = questionMarkupToHtml(input);
      // Once the markup's own tags are taken out, nothing tag-like is left: the payload is text.
      const rest = html.replace(OWN_TAGS, "");
      expect(rest, html).not.toMatch(/[<>"]/);
    }
  });
});

describe("questionMarkupToPlainText", () => {
  it("flattens lists, tables, bold and images to one line", () => {
    expect(questionMarkupToPlainText(STATEMENTS)).toBe(
      "Consider the following statements: 1. The Rajya Sabha is a permanent body. 2. Money Bills are introduced only in the Lok Sabha. 3. The Vice-President is the Chairman of the Rajya Sabha. Which of the statements given above is/are correct?",
    );
    expect(questionMarkupToPlainText("| A | B |\n| **x** | ![map](/storage/m.png) |")).toBe(
      "A – B x – map",
    );
  });
});
