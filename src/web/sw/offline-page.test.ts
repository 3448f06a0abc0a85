import { describe, expect, it } from "vitest";
import { offlinePageHtml } from "./offline-page.ts";

describe("the offline page", () => {
  it("lists the saved reading as links, with the titles escaped", () => {
    const html = offlinePageHtml("en", [
      { page: "/news/a1", title: "Budget <2025> & you", lang: "en", kind: "article" },
      { page: "/student/study-materials/notes/n1", title: "Polity", lang: "en", kind: "note" },
    ]);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<h1>You are offline</h1>");
    expect(html).toContain('<a href="/news/a1" lang="en">Budget &lt;2025&gt; &amp; you</a>');
    expect(html).toContain("<span>News article</span>");
    expect(html).toContain('<a href="/student/study-materials/notes/n1" lang="en">Polity</a>');
    expect(html).toContain("<span>Study note</span>");
    // No script: the page works with nothing else available.
    expect(html).not.toContain("<script");
  });

  it("speaks Hindi to a Hindi reader, and says when nothing is saved", () => {
    const html = offlinePageHtml("hi", []);
    expect(html).toContain('<html lang="hi">');
    expect(html).toContain("<h1>आप ऑफ़लाइन हैं</h1>");
    expect(html).toContain("अभी कुछ सहेजा नहीं गया है।");
    expect(html).not.toContain("<ul>");
  });
});
