import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { applyLanguage } from "@web/lib/i18n.ts";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isSideways, moveItem, nextRotation } from "./page-order.ts";
import { PageStrip, type PageStripProps, type StripPage } from "./page-strip.tsx";

const page = (id: string, extra: Partial<StripPage> = {}): StripPage => ({
  id,
  thumbnailUrl: `blob:${id}`,
  rotation: 0,
  state: "uploaded",
  progress: 1,
  ...extra,
});

/** The strip with its list held the way the upload page holds it. */
function Harness(props: { initial: StripPage[]; onRetry?: (id: string) => void }) {
  const [pages, setPages] = useState(props.initial);
  return (
    <>
      <PageStrip
        pages={pages}
        onMove={(id, delta) => setPages((list) => moveItem(list, id, delta))}
        onRotate={(id, rotation) =>
          setPages((list) => list.map((p) => (p.id === id ? { ...p, rotation } : p)))
        }
        onRemove={(id) => setPages((list) => list.filter((p) => p.id !== id))}
        onRetry={props.onRetry ?? (() => {})}
      />
      <output data-testid="order">{pages.map((p) => p.id).join(",")}</output>
    </>
  );
}

const order = () => screen.getByTestId("order").textContent;
const items = () => screen.getAllByRole("listitem");

describe("page-order helpers", () => {
  it("moves an item one place and leaves the list alone at its ends", () => {
    const list = [{ id: "a" }, { id: "b" }, { id: "c" }];
    expect(moveItem(list, "c", -1).map((p) => p.id)).toEqual(["a", "c", "b"]);
    expect(moveItem(list, "a", 1).map((p) => p.id)).toEqual(["b", "a", "c"]);
    expect(moveItem(list, "a", -1).map((p) => p.id)).toEqual(["a", "b", "c"]);
    expect(moveItem(list, "c", 1).map((p) => p.id)).toEqual(["a", "b", "c"]);
    expect(moveItem(list, "zz", 1).map((p) => p.id)).toEqual(["a", "b", "c"]);
  });

  it("turns a quarter clockwise and wraps", () => {
    expect([0, 90, 180, 270].map((r) => nextRotation(r as 0))).toEqual([90, 180, 270, 0]);
    expect(isSideways(90)).toBe(true);
    expect(isSideways(180)).toBe(false);
  });
});

describe("PageStrip", () => {
  afterEach(() => applyLanguage("en"));

  it("lists the pages with their state, and a progress bar while uploading", () => {
    render(
      <Harness
        initial={[
          page("a"),
          page("b", { state: "uploading", progress: 0.426 }),
          page("c", { state: "failed", error: "Each photo must be smaller than 8 MB." }),
        ]}
      />,
    );
    const [first, second, third] = items() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText("Page 1")).toBeInTheDocument();
    expect(within(first).getByText("Uploaded")).toBeInTheDocument();
    expect(within(first).queryByRole("progressbar")).toBeNull();

    const bar = within(second).getByRole("progressbar", { name: "Page 2 upload progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "43");
    expect(bar).toHaveAttribute("aria-valuemin", "0");
    expect(bar).toHaveAttribute("aria-valuemax", "100");
    expect(within(second).getByText("Uploading 43%")).toBeInTheDocument();

    expect(within(third).getByText("Upload failed")).toBeInTheDocument();
    expect(within(third).getByText("Each photo must be smaller than 8 MB.")).toBeInTheDocument();
    expect(within(third).getByRole("button", { name: "Retry page 3" })).toBeInTheDocument();
    expect(within(first).queryByRole("button", { name: /Retry/ })).toBeNull();
  });

  it("retries a failed page by its id", async () => {
    const onRetry = vi.fn();
    render(<Harness initial={[page("a"), page("b", { state: "failed" })]} onRetry={onRetry} />);
    await userEvent.click(screen.getByRole("button", { name: "Retry page 2" }));
    expect(onRetry).toHaveBeenCalledWith("b");
  });

  it("moves pages with the keyboard, the focus following the page moved", async () => {
    const user = userEvent.setup();
    render(<Harness initial={[page("a"), page("b"), page("c")]} />);
    expect(screen.getByRole("button", { name: "Move page 1 up" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Move page 3 down" })).toBeDisabled();

    screen.getByRole("button", { name: "Move page 1 down" }).focus();
    await user.keyboard("{Enter}");
    expect(order()).toBe("b,a,c");
    // Page "a" is page 2 now; its own button keeps the focus.
    expect(screen.getByRole("button", { name: "Move page 2 down" })).toHaveFocus();
    expect(screen.getByText("Page 1 is now page 2.")).toBeInTheDocument();

    await user.keyboard("{Enter}");
    expect(order()).toBe("b,c,a");
    // At the bottom "down" is disabled: the focus goes to "up" of the same page.
    expect(screen.getByRole("button", { name: "Move page 3 up" })).toHaveFocus();

    await user.keyboard(" ");
    expect(order()).toBe("b,a,c");
    expect(screen.getByRole("button", { name: "Move page 2 up" })).toHaveFocus();
  });

  it("turns a page a quarter clockwise each time, the thumbnail with it", async () => {
    const { container } = render(<Harness initial={[page("a"), page("b", { rotation: 270 })]} />);
    const thumbnail = (n: number) => container.querySelectorAll("img")[n] as HTMLImageElement;
    await userEvent.click(screen.getByRole("button", { name: "Rotate page 1" }));
    expect(thumbnail(0).style.transform).toBe("rotate(90deg)");
    expect(screen.getByText("Page 1 turned to 90°.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Rotate page 2" }));
    expect(thumbnail(1).style.transform).toBe("rotate(0deg)");
  });

  it("removes a page and gives the focus to the next one", async () => {
    render(<Harness initial={[page("a"), page("b"), page("c")]} />);
    await userEvent.click(screen.getByRole("button", { name: "Remove page 2" }));
    expect(order()).toBe("a,c");
    expect(screen.getByRole("button", { name: "Remove page 2" })).toHaveFocus();
    expect(screen.getByText("Page 2 removed.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Remove page 2" }));
    expect(order()).toBe("a");
    // No next page: the one before takes the focus.
    expect(screen.getByRole("button", { name: "Remove page 1" })).toHaveFocus();
  });

  it("disables every control while the copy is submitted", () => {
    render(
      <PageStrip
        pages={[page("a"), page("b", { state: "failed" })]}
        onMove={vi.fn()}
        onRotate={vi.fn()}
        onRemove={vi.fn()}
        onRetry={vi.fn()}
        disabled
      />,
    );
    for (const button of screen.getAllByRole("button")) expect(button).toBeDisabled();
  });

  it("shows a placeholder where the browser cannot show the photo", () => {
    const props: PageStripProps = {
      pages: [page("a", { thumbnailUrl: null })],
      onMove: vi.fn(),
      onRotate: vi.fn(),
      onRemove: vi.fn(),
      onRetry: vi.fn(),
    };
    const { container } = render(<PageStrip {...props} />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("svg")).not.toBeNull();
  });

  it("reads in Hindi", async () => {
    await applyLanguage("hi");
    render(<Harness initial={[page("a"), page("b", { state: "failed" })]} />);
    expect(screen.getByText("पृष्ठ 1")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "पृष्ठ 2 फिर से अपलोड करें" })).toBeInTheDocument();
  });
});
