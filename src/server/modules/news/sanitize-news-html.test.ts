import { describe, expect, it } from "vitest";
import { isInert, XSS_PAYLOADS } from "../../../shared/xss-payloads.ts";
import { htmlToText, sanitizeNewsHtml } from "./sanitize-news-html.ts";

describe("sanitizeNewsHtml", () => {
  it.each(XSS_PAYLOADS)("makes %s inert", (_name, payload) => {
    const clean = sanitizeNewsHtml(payload);
    expect(isInert(clean), clean).toBe(true);
  });

  it("keeps what the editor produces", () => {
    const html =
      '<h2>Polity</h2><p class="ql-align-center"><strong>Bold</strong> <em>it</em> <u>u</u> <s>s</s> ' +
      '<span style="color: rgb(230, 0, 0); background-color: #ffff00;">red</span> H<sub>2</sub>O x<sup>2</sup></p>' +
      '<ol><li>one</li></ol><ul><li class="ql-indent-2">two</li></ul><blockquote>quote</blockquote>' +
      '<pre data-language="plain">code &lt;b&gt;</pre><p><a href="https://pib.gov.in" target="_blank">PIB</a></p>' +
      '<p><img src="/storage/news_images/1-map.png" alt="map"></p>' +
      '<iframe class="ql-video" src="https://www.youtube.com/embed/abc123" frameborder="0" allowfullscreen="true"></iframe>';
    const clean = sanitizeNewsHtml(html);
    expect(clean).toContain('<h2>Polity</h2><p class="ql-align-center"><strong>Bold</strong>');
    expect(clean).toContain(
      '<span style="color:rgb(230, 0, 0);background-color:#ffff00">red</span>',
    );
    expect(clean).toContain("H<sub>2</sub>O x<sup>2</sup>");
    expect(clean).toContain('<ul><li class="ql-indent-2">two</li></ul>');
    expect(clean).toContain('<pre data-language="plain">code &lt;b&gt;</pre>');
    expect(clean).toContain(
      '<a href="https://pib.gov.in" target="_blank" rel="noopener noreferrer">PIB</a>',
    );
    expect(clean).toContain('<img src="/storage/news_images/1-map.png" alt="map" />');
    expect(clean).toContain('src="https://www.youtube-nocookie.com/embed/abc123"');
  });

  it("drops classes and styles the editor does not make", () => {
    const clean = sanitizeNewsHtml(
      '<p class="ql-align-center fixed-overlay" style="position:fixed;color:red">x</p>',
    );
    expect(clean).toBe('<p class="ql-align-center">x</p>');
  });

  it("blanks image sources other than http, https and data (the image is then dropped)", () => {
    expect(sanitizeNewsHtml('<img src="ftp://example.com/a.png"><p>x</p>')).toBe("<p>x</p>");
    expect(sanitizeNewsHtml('<img src="data:image/png;base64,AAAA">')).toBe(
      '<img src="data:image/png;base64,AAAA" />',
    );
  });

  it("lets lines wrap again: Quill's &nbsp; between words becomes a space", () => {
    expect(sanitizeNewsHtml("<p>One&nbsp;two&nbsp;&nbsp;three</p>")).toBe(
      "<p>One two\u00a0 three</p>",
    );
  });
});

describe("htmlToText", () => {
  it("reads the words of the HTML with markup and scripts removed", () => {
    expect(htmlToText("<h2>Title</h2><p>A &amp; B</p><script>x()</script><p>C</p>")).toBe(
      "Title A & B C",
    );
  });
});
