import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import {
  ANNOTATION_LIMITS,
  EMPTY_PAGE_ANNOTATIONS,
  type PageAnnotations,
  pageAnnotationsSchema,
} from "../../../shared/evaluation.ts";
import { AnnotationLayer, AnnotationNoteList } from "./annotation-layer.tsx";
import type { AnnotationTool } from "./annotation-tools.ts";

/** The page's box on screen: 500 × 700 px at (0, 0). */
const BOX = { left: 0, top: 0, width: 500, height: 700, right: 500, bottom: 700, x: 0, y: 0 };

const SAMPLE: PageAnnotations = {
  strokes: [
    {
      colour: "blue",
      width: 0.004,
      points: [
        [0.1, 0.2],
        [0.5, 0.25],
      ],
    },
  ],
  notes: [{ at: [0.3, 0.4], text: "Quote Article 356 here." }],
  stamps: [
    { at: [0.8, 0.1], kind: "tick" },
    { at: [0.8, 0.9], kind: "cross" },
  ],
};

function Editor(props: {
  tool: AnnotationTool;
  initial?: PageAnnotations;
  onChange?: (next: PageAnnotations) => void;
}) {
  const [value, setValue] = useState(props.initial ?? EMPTY_PAGE_ANNOTATIONS);
  return (
    <div style={{ position: "relative" }}>
      <AnnotationLayer
        value={value}
        aspectRatio={1.4}
        pageNumber={2}
        tool={props.tool}
        onChange={(next) => {
          props.onChange?.(next);
          setValue(next);
        }}
      />
    </div>
  );
}

function layer(): HTMLElement {
  const element = screen.getByRole("application", { name: "Annotate page 2" });
  vi.spyOn(element, "getBoundingClientRect").mockReturnValue(BOX as DOMRect);
  return element;
}

const at = (x: number, y: number, pointerId = 1) => ({
  clientX: x,
  clientY: y,
  pointerId,
  pointerType: "touch",
  button: 0,
});

const lastValue = (onChange: ReturnType<typeof vi.fn>) =>
  onChange.mock.lastCall![0] as PageAnnotations;

function tapAt(element: HTMLElement, x: number, y: number) {
  fireEvent.pointerDown(element, at(x, y));
  fireEvent.pointerUp(element, at(x, y));
}

describe("AnnotationLayer, read-only", () => {
  it("draws strokes, stamps and numbered comments in the page's own units", () => {
    const { container } = render(
      <div style={{ position: "relative" }}>
        <AnnotationLayer value={SAMPLE} aspectRatio={1.4} pageNumber={1} />
      </div>,
    );
    const svg = container.querySelector("svg") as SVGSVGElement;
    expect(svg.getAttribute("viewBox")).toBe("0 0 1000 1400");
    const line = container.querySelector('polyline[data-kind="stroke"]') as SVGElement;
    expect(line.getAttribute("points")).toBe("100,280 500,350");
    expect(line.getAttribute("stroke-width")).toBe("4");
    expect(container.querySelectorAll('[data-kind="tick"]')).toHaveLength(1);
    expect(container.querySelectorAll('[data-kind="cross"]')).toHaveLength(1);
    // Nothing to draw with: no application, and the page scrolls and pinches as usual.
    expect(screen.queryByRole("application")).toBeNull();
    expect(container.querySelector(".touch-none")).toBeNull();
  });

  it("shows a comment's text when its marker is tapped, and hides it again", async () => {
    render(
      <div style={{ position: "relative" }}>
        <AnnotationLayer value={SAMPLE} aspectRatio={1.4} pageNumber={1} />
      </div>,
    );
    const marker = screen.getByRole("button", { name: "Comment 1" });
    expect(marker).toHaveAttribute("aria-expanded", "false");
    expect(marker.style.left).toBe("30%");
    expect(marker.style.top).toBe("40%");
    await userEvent.click(marker);
    expect(marker).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("Quote Article 356 here.")).toBeVisible();
    await userEvent.click(marker);
    expect(screen.queryByText("Quote Article 356 here.")).toBeNull();
  });

  it("lists the comments and counts the marks for screen readers", () => {
    render(<AnnotationNoteList value={SAMPLE} pageNumber={3} />);
    const section = screen.getByRole("region", { name: "Comments on page 3" });
    expect(section).toHaveClass("sr-only");
    expect(screen.getByRole("listitem")).toHaveTextContent("1Quote Article 356 here.");
    expect(screen.getByText("Ticks: 1, crosses: 1, pen marks: 1.")).toBeInTheDocument();
  });
});

describe("AnnotationLayer, editing", () => {
  it("draws a stroke with the pen, dropping points too close together", () => {
    const onChange = vi.fn();
    const { container } = render(<Editor tool="pen" onChange={onChange} />);
    const element = layer();
    expect(element).toHaveClass("touch-none");
    fireEvent.pointerDown(element, at(50, 140));
    fireEvent.pointerMove(element, at(100, 140));
    fireEvent.pointerMove(element, at(100.4, 140)); // 0.0008 of the width: dropped
    // While drawing, the stroke shows.
    expect(container.querySelectorAll('[data-kind="stroke"]')).toHaveLength(1);
    fireEvent.pointerMove(element, at(333.33, 700));
    fireEvent.pointerUp(element, at(333.33, 700));
    expect(onChange).toHaveBeenCalledTimes(1);
    const next = onChange.mock.calls[0]?.[0] as PageAnnotations;
    expect(next.strokes).toEqual([
      {
        colour: "red",
        width: 0.004,
        points: [
          [0.1, 0.2],
          [0.2, 0.2],
          [0.6667, 1],
        ],
      },
    ]);
    expect(pageAnnotationsSchema.parse(next)).toEqual(next);
  });

  it("ignores a second finger's stroke as a pinch", () => {
    const onChange = vi.fn();
    render(<Editor tool="pen" onChange={onChange} />);
    const element = layer();
    fireEvent.pointerDown(element, at(50, 140, 1));
    fireEvent.pointerDown(element, at(300, 300, 2));
    fireEvent.pointerUp(element, at(50, 160, 1));
    expect(onChange).not.toHaveBeenCalled();
  });

  it("stamps a tick or a cross where the page is tapped, but not on a scroll", () => {
    const onChange = vi.fn();
    const { rerender } = render(<Editor tool="tick" onChange={onChange} />);
    let element = layer();
    expect(element).not.toHaveClass("touch-none");
    tapAt(element, 250, 350);
    expect(onChange).toHaveBeenLastCalledWith({
      strokes: [],
      notes: [],
      stamps: [{ at: [0.5, 0.5], kind: "tick" }],
    });

    // A drag is a scroll: nothing is stamped; nor when the browser takes the gesture.
    fireEvent.pointerDown(element, at(100, 100));
    fireEvent.pointerMove(element, at(100, 200));
    fireEvent.pointerUp(element, at(100, 200));
    fireEvent.pointerDown(element, at(100, 100));
    fireEvent.pointerCancel(element, at(100, 100));
    fireEvent.pointerUp(element, at(100, 100));
    expect(onChange).toHaveBeenCalledTimes(1);

    rerender(<Editor tool="cross" onChange={onChange} />);
    element = layer();
    tapAt(element, 50, 70);
    expect(lastValue(onChange).stamps).toEqual([
      { at: [0.5, 0.5], kind: "tick" },
      { at: [0.1, 0.1], kind: "cross" },
    ]);
  });

  it("pins a comment: a tap asks for its text in a dialog", async () => {
    const onChange = vi.fn();
    render(<Editor tool="note" onChange={onChange} />);
    tapAt(layer(), 100, 70);
    expect(await screen.findByRole("dialog", { name: "Add a comment" })).toBeInTheDocument();
    // Nothing written: refused, nothing saved.
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Write a comment.")).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    await userEvent.type(
      screen.getByRole("textbox", { name: "Comment" }),
      "  Define federalism.  ",
    );
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onChange).toHaveBeenCalledWith({
      strokes: [],
      stamps: [],
      notes: [{ at: [0.2, 0.1], text: "Define federalism." }],
    });
    expect(screen.queryByRole("dialog")).toBeNull();
    // Its marker is there; in the comment tool a tap on it edits the text.
    await userEvent.click(screen.getByRole("button", { name: "Edit comment 1" }));
    const box = await screen.findByRole("textbox", { name: "Comment" });
    expect(box).toHaveValue("Define federalism.");
    await userEvent.clear(box);
    await userEvent.type(box, "Define cooperative federalism.");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(lastValue(onChange).notes).toEqual([
      { at: [0.2, 0.1], text: "Define cooperative federalism." },
    ]);
  });

  it("cancels a comment without adding anything", async () => {
    const onChange = vi.fn();
    render(<Editor tool="note" onChange={onChange} />);
    tapAt(layer(), 100, 70);
    await userEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("erases the item nearest the tap, and a comment by its marker", async () => {
    const onChange = vi.fn();
    render(<Editor tool="eraser" initial={SAMPLE} onChange={onChange} />);
    const element = layer();
    tapAt(element, 402, 72); // beside the tick at (0.8, 0.1)
    expect(lastValue(onChange).stamps).toEqual([{ at: [0.8, 0.9], kind: "cross" }]);
    tapAt(element, 150, 160); // on the stroke's line, between its points
    expect(lastValue(onChange).strokes).toEqual([]);
    tapAt(element, 20, 600); // nothing near
    expect(onChange).toHaveBeenCalledTimes(2);

    await userEvent.click(screen.getByRole("button", { name: "Remove comment 1" }));
    expect(onChange.mock.lastCall?.[0]).toEqual({
      strokes: [],
      notes: [],
      stamps: [{ at: [0.8, 0.9], kind: "cross" }],
    });
  });

  it("lets the keyboard move a cross-hair and stamp there", async () => {
    const onChange = vi.fn();
    const { container } = render(<Editor tool="tick" onChange={onChange} />);
    const element = layer();
    expect(element).toHaveAccessibleDescription(
      "Use the arrow keys to move the cross-hair, and Enter to use the tool there.",
    );
    element.focus();
    await userEvent.keyboard("{Enter}");
    expect(container.querySelector('[data-kind="crosshair"]')).not.toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.keyboard("{ArrowRight}{ArrowRight}{ArrowUp}{Enter}");
    expect(onChange).toHaveBeenCalledWith({
      strokes: [],
      notes: [],
      stamps: [{ at: [0.54, 0.4857], kind: "tick" }],
    });
  });

  it("says so, and changes nothing, when the page holds all the stamps it may", () => {
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    const onChange = vi.fn();
    const full: PageAnnotations = {
      ...EMPTY_PAGE_ANNOTATIONS,
      stamps: Array.from({ length: ANNOTATION_LIMITS.stampsPerPage }, () => ({
        at: [0.5, 0.5] as [number, number],
        kind: "tick" as const,
      })),
    };
    render(<Editor tool="cross" initial={full} onChange={onChange} />);
    tapAt(layer(), 10, 10);
    expect(onChange).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith("This page cannot hold more annotations.");
    error.mockRestore();
  });
});
