import { act, render, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { applyLanguage } from "@web/lib/i18n.ts";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { EMPTY_PAGE_ANNOTATIONS, type PageAnnotations } from "../../../shared/evaluation.ts";
import { AnnotationToolbar } from "./annotation-toolbar.tsx";
import type { AnnotationTool, StrokeColour } from "./annotation-tools.ts";
import { UNDO_LIMIT, useAnnotationHistory } from "./use-annotation-history.ts";

const tick = (x: number): PageAnnotations => ({
  ...EMPTY_PAGE_ANNOTATIONS,
  stamps: [{ at: [x, 0.5], kind: "tick" }],
});

describe("useAnnotationHistory", () => {
  it("undoes each change in turn, back to the first value and no further", () => {
    const { result } = renderHook(() => useAnnotationHistory(EMPTY_PAGE_ANNOTATIONS));
    expect(result.current.canUndo).toBe(false);
    act(() => result.current.set(tick(0.1)));
    act(() =>
      result.current.set((current) => ({ ...current, notes: [{ at: [0, 0], text: "x" }] })),
    );
    expect(result.current.value.notes).toHaveLength(1);
    expect(result.current.value.stamps).toHaveLength(1);
    expect(result.current.canUndo).toBe(true);

    act(() => result.current.undo());
    expect(result.current.value).toEqual(tick(0.1));
    act(() => result.current.undo());
    expect(result.current.value).toBe(EMPTY_PAGE_ANNOTATIONS);
    expect(result.current.canUndo).toBe(false);
    act(() => result.current.undo());
    expect(result.current.value).toBe(EMPTY_PAGE_ANNOTATIONS);
  });

  it("records nothing for the same value, and starts over on reset", () => {
    const { result } = renderHook(() => useAnnotationHistory(EMPTY_PAGE_ANNOTATIONS));
    act(() => result.current.set(EMPTY_PAGE_ANNOTATIONS));
    expect(result.current.canUndo).toBe(false);
    act(() => result.current.set(tick(0.2)));
    act(() => result.current.reset(tick(0.3)));
    expect(result.current.value).toEqual(tick(0.3));
    expect(result.current.canUndo).toBe(false);
  });

  it(`keeps the last ${UNDO_LIMIT} steps`, () => {
    const { result } = renderHook(() => useAnnotationHistory(0));
    act(() => {
      for (let i = 1; i <= UNDO_LIMIT + 5; i += 1) result.current.set(i);
    });
    act(() => {
      for (let i = 0; i < UNDO_LIMIT + 5; i += 1) result.current.undo();
    });
    expect(result.current.value).toBe(5);
    expect(result.current.canUndo).toBe(false);
  });
});

function Harness() {
  const [tool, setTool] = useState<AnnotationTool>("pen");
  const [colour, setColour] = useState<StrokeColour>("red");
  const history = useAnnotationHistory(EMPTY_PAGE_ANNOTATIONS);
  return (
    <>
      <AnnotationToolbar
        tool={tool}
        onToolChange={setTool}
        onUndo={history.undo}
        canUndo={history.canUndo}
        colour={colour}
        onColourChange={setColour}
      />
      <button type="button" onClick={() => history.set(tick(history.value.stamps.length / 10))}>
        stamp
      </button>
      <output data-testid="stamps">{history.value.stamps.length}</output>
    </>
  );
}

describe("AnnotationToolbar", () => {
  afterEach(() => applyLanguage("en"));

  it("presses one tool at a time", async () => {
    render(<Harness />);
    const group = screen.getByRole("group", { name: "Annotation tools" });
    expect(group).toBeInTheDocument();
    const names = ["Pen", "Comment", "Tick", "Cross", "Eraser"];
    for (const name of names) {
      await userEvent.click(screen.getByRole("button", { name }));
      for (const other of names)
        expect(screen.getByRole("button", { name: other })).toHaveAttribute(
          "aria-pressed",
          String(other === name),
        );
    }
  });

  it("offers the pen's colours only with the pen", async () => {
    render(<Harness />);
    expect(screen.getByRole("button", { name: "Red pen" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(screen.getByRole("button", { name: "Blue pen" }));
    expect(screen.getByRole("button", { name: "Blue pen" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(screen.getByRole("button", { name: "Red pen" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await userEvent.click(screen.getByRole("button", { name: "Tick" }));
    expect(screen.queryByRole("button", { name: "Blue pen" })).toBeNull();
  });

  it("undoes with the history hook, and is disabled with nothing to undo", async () => {
    render(<Harness />);
    const undo = screen.getByRole("button", { name: "Undo" });
    expect(undo).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "stamp" }));
    expect(screen.getByTestId("stamps")).toHaveTextContent("1");
    expect(undo).toBeEnabled();
    undo.focus();
    await userEvent.keyboard("{Enter}");
    expect(screen.getByTestId("stamps")).toHaveTextContent("0");
    expect(undo).toBeDisabled();
  });

  it("reads in Hindi", async () => {
    await applyLanguage("hi");
    render(<Harness />);
    expect(screen.getByRole("button", { name: "पेन" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "पूर्ववत करें" })).toBeInTheDocument();
  });
});
