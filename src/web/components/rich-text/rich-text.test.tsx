import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { isInert, XSS_PAYLOADS } from "../../../shared/xss-payloads.ts";
import { RichText } from "./rich-text.tsx";

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
