import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { QUESTION_MARKUP_TAGS } from "../../../shared/question-markup.ts";
import { isInert, XSS_PAYLOADS } from "../../../shared/xss-payloads.ts";
import { QuestionText, RichText } from "./rich-text.tsx";

// The component, not only the sanitiser: what ends up in the page is what matters.
describe("RichText", () => {
  it.each(XSS_PAYLOADS)("renders %s inert", (_name, payload) => {
    const { container } = render(<RichText html={payload} />);
    const rendered = container.querySelector(".rich-text");
    expect(rendered).not.toBeNull();
    expect(isInert(rendered?.innerHTML ?? ""), rendered?.innerHTML).toBe(true);
    expect(container.querySelector("script, object, embed, style")).toBeNull();
    for (const element of container.querySelectorAll("*")) {
      const handlers = [...element.attributes].filter((a) => a.name.startsWith("on"));
      expect(handlers.map((a) => a.name)).toEqual([]);
    }
  });

  it("keeps the formatting an editor wrote", () => {
    const { container } = render(
      <RichText html='<h2>Polity</h2><p><strong>Bold</strong> and <a href="https://pib.gov.in">PIB</a></p>' />,
    );
    expect(container.querySelector("h2")?.textContent).toBe("Polity");
    expect(container.querySelector("strong")?.textContent).toBe("Bold");
    expect(container.querySelector("a")?.getAttribute("href")).toBe("https://pib.gov.in");
  });
});

describe("QuestionText", () => {
  it.each(XSS_PAYLOADS)("renders %s as text, creating no element", (_name, payload) => {
    for (const text of [payload, `1. ${payload}\n2. two`, `| ${payload} |`, `**${payload}**`]) {
      const { container, unmount } = render(<QuestionText text={text} />);
      const tags = [...container.querySelectorAll(".question-text *")].map((e) => e.tagName);
      expect(
        tags.filter((tag) => !QUESTION_MARKUP_TAGS.includes(tag.toLowerCase() as "p")),
      ).toEqual([]);
      for (const element of container.querySelectorAll("*")) {
        const handlers = [...element.attributes].filter((a) => a.name.startsWith("on"));
        expect(handlers.map((a) => a.name)).toEqual([]);
      }
      unmount();
    }
  });

  it("keeps lists, tables, bold and /storage images through the sanitiser", () => {
    const { container } = render(
      <QuestionText
        text={
          "Consider:\n1. **One**\n2. Two\n| List-I | List-II |\n| A | 1 |\n![Map](/storage/news_images/m.png)"
        }
      />,
    );
    expect(container.querySelectorAll("ol > li")).toHaveLength(2);
    expect(container.querySelector("li strong")?.textContent).toBe("One");
    expect(container.querySelectorAll("table th")).toHaveLength(2);
    expect(container.querySelector("div[tabindex='0'] > table")).not.toBeNull();
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/storage/news_images/m.png");
  });
});
