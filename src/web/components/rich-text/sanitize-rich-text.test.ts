import { describe, expect, it } from "vitest";
import { isInert, XSS_PAYLOADS } from "../../../shared/xss-payloads.ts";
import { sanitizeRichText } from "./sanitize-rich-text.ts";

describe("sanitizeRichText (render-time DOMPurify)", () => {
  it.each(XSS_PAYLOADS)("makes %s inert", (_name, payload) => {
    const clean = sanitizeRichText(payload);
    expect(isInert(clean), clean).toBe(true);
  });

  it("keeps the editor's formatting, our images and allowed video embeds", () => {
    const html =
      '<h2>Polity</h2><p class="ql-align-center evil"><strong>Bold</strong> <span style="color: rgb(230, 0, 0); position: fixed;">red</span></p>' +
      '<p><img src="/storage/news_images/1-map.png" alt="map"><a href="https://pib.gov.in" target="_blank">PIB</a></p>' +
      '<iframe class="ql-video" src="https://www.youtube-nocookie.com/embed/abc123" frameborder="0" allowfullscreen="true"></iframe>' +
      '<iframe src="https://evil.example/embed/abc"></iframe>';
    const clean = sanitizeRichText(html);
    expect(clean).toContain('<p class="ql-align-center"><strong>Bold</strong>');
    expect(clean).toContain('<span style="color: rgb(230, 0, 0);">red</span>');
    expect(clean).toContain('<img src="/storage/news_images/1-map.png" alt="map">');
    expect(clean).toContain('rel="noopener noreferrer"');
    expect(clean).toContain('src="https://www.youtube-nocookie.com/embed/abc123"');
    expect(clean).not.toContain("evil.example");
  });
});
