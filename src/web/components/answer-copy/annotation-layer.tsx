import { TextareaField } from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { cn } from "@web/lib/cn.ts";
import { notify } from "@web/lib/toast.ts";
import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import {
  ANNOTATION_LIMITS,
  type PageAnnotations,
  type PinnedNote,
  type Stamp,
  type Stroke,
} from "../../../shared/evaluation.ts";
import { msg } from "../../../shared/i18n/msg.ts";
import { text } from "../../../shared/text.ts";
import {
  addStamp,
  addStroke,
  appendPoint,
  canAddNote,
  DEFAULT_STROKE_WIDTH,
  ERASER_REACH,
  nearestAnnotation,
  type Point,
  pointIn,
  removeAnnotation,
  STAMP_SIZE,
  unit,
} from "./annotation-geometry.ts";
import {
  type AnnotationTool,
  CROSS_COLOUR,
  STROKE_COLOUR_VALUES,
  type StrokeColour,
  TICK_COLOUR,
} from "./annotation-tools.ts";

/** The SVG's width in its own units; its height is this times the page's aspect. */
const VIEW_WIDTH = 1000;
/** A tap that moves further than this (in page widths) is a scroll, not a tap. */
const TAP_SLOP = 0.02;
/** One arrow key press moves the keyboard cross-hair this far (Shift: five times as far). */
const KEY_STEP = 0.02;

export type AnnotationLayerProps = {
  value: PageAnnotations;
  /** The page's height over its width, as shown (turned by its rotation). */
  aspectRatio: number;
  /** The page's number in the copy, for the names screen readers hear. */
  pageNumber: number;
  /** Editing: the tool in use. Without `tool` and `onChange` the layer only draws. */
  tool?: AnnotationTool;
  onChange?: (next: PageAnnotations) => void;
  /** The pen's colour (default red) and width as a share of the page's width. */
  colour?: StrokeColour;
  strokeWidth?: number;
  className?: string;
};

type Drawing = { pointerId: number; points: Point[]; box: DOMRect };
type Tap = { pointerId: number; at: Point; box: DOMRect };
type NoteEdit = { at: Point; index: number | null };

/**
 * A page's annotations, drawn over it: strokes, numbered pinned comments (tap one to read it)
 * and tick and cross stamps. Place it inside the page's box (`position: relative`, the page's
 * size); it fills the box. The SVG's view box is 1000 wide and 1000 × aspect high, so a point
 * `[x, y]` (fractions of the page) lands where it was put at any zoom.
 *
 * Editing (`tool` and `onChange`): the pen draws with the pointer (captured, so a stroke may leave
 * the page; `touch-action: none` only while the pen is in hand); Comment places a point and asks
 * for the text; Tick and Cross stamp; the eraser takes the item nearest the tap. By keyboard the
 * layer is one stop: arrow keys move a cross-hair, Enter or Space uses the tool there. Every
 * change goes out through `onChange` within the contract's limits, coordinates rounded to four
 * decimals and a stroke's points at least 0.002 apart.
 */
export function AnnotationLayer({
  value,
  aspectRatio,
  pageNumber,
  tool,
  onChange,
  colour = "red",
  strokeWidth = DEFAULT_STROKE_WIDTH,
  className,
}: AnnotationLayerProps) {
  const { t } = useTranslation();
  const aspect = Number.isFinite(aspectRatio) && aspectRatio > 0 ? aspectRatio : Math.SQRT2;
  const height = VIEW_WIDTH * aspect;
  const editing = tool !== undefined && onChange !== undefined;
  const hintId = useId();
  const popoverId = useId();

  const drawing = useRef<Drawing | null>(null);
  const tap = useRef<Tap | null>(null);
  const [live, setLive] = useState<Point[] | null>(null);
  const [shownNote, setShownNote] = useState<number | null>(null);
  const [noteEdit, setNoteEdit] = useState<NoteEdit | null>(null);
  const [cursor, setCursor] = useState<Point | null>(null);

  const tooMany = () => notify.error(t("This page cannot hold more annotations."));

  const change = (next: PageAnnotations | null) => {
    if (next === null) tooMany();
    else onChange?.(next);
  };

  /** What a tap (or Enter at the cross-hair) does with the tools other than the pen. */
  const applyToolAt = (at: Point, byKeyboard = false) => {
    if (!editing) return;
    if (tool === "tick" || tool === "cross") {
      const stamp: Stamp = { at, kind: tool };
      change(addStamp(value, stamp));
    } else if (tool === "note") {
      if (canAddNote(value)) setNoteEdit({ at, index: null });
      else tooMany();
    } else if (tool === "eraser") {
      const hit = nearestAnnotation(
        value,
        at,
        aspect,
        byKeyboard ? ERASER_REACH * 2 : ERASER_REACH,
      );
      if (hit) {
        if (hit.kind === "note") setShownNote(null);
        onChange(removeAnnotation(value, hit));
      }
    }
  };

  const finishStroke = () => {
    const current = drawing.current;
    drawing.current = null;
    setLive(null);
    if (!current || !editing) return;
    const stroke: Stroke = { colour, width: strokeWidth, points: current.points };
    change(addStroke(value, stroke));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    setShownNote(null);
    setCursor(null);
    if (!editing) return;
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    const at = pointIn(event.clientX, event.clientY, box);
    if (tool === "pen") {
      if (drawing.current) {
        // A second finger: a pinch, not a stroke. Drop what the first one drew.
        drawing.current = null;
        setLive(null);
        return;
      }
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      drawing.current = { pointerId: event.pointerId, points: [at], box };
      setLive([at]);
      return;
    }
    tap.current = { pointerId: event.pointerId, at, box };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drawing.current;
    if (current && event.pointerId === current.pointerId) {
      const events = event.nativeEvent.getCoalescedEvents?.() ?? [];
      const samples = events.length > 0 ? events : [event];
      let points = current.points;
      for (const sample of samples)
        points = appendPoint(points, pointIn(sample.clientX, sample.clientY, current.box), aspect);
      if (points !== current.points) {
        current.points = points;
        setLive(points);
      }
      return;
    }
    const pending = tap.current;
    if (pending && event.pointerId === pending.pointerId) {
      const at = pointIn(event.clientX, event.clientY, pending.box);
      if (Math.hypot(at[0] - pending.at[0], (at[1] - pending.at[1]) * aspect) > TAP_SLOP)
        tap.current = null;
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (drawing.current && event.pointerId === drawing.current.pointerId) {
      finishStroke();
      return;
    }
    const pending = tap.current;
    tap.current = null;
    if (pending && event.pointerId === pending.pointerId) applyToolAt(pending.at);
  };

  const onPointerCancel = (event: PointerEvent<HTMLDivElement>) => {
    if (drawing.current && event.pointerId === drawing.current.pointerId) finishStroke();
    // The browser took the gesture (a scroll or a pinch): it was not a tap.
    tap.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || !editing) return;
    const step = event.shiftKey ? KEY_STEP * 5 : KEY_STEP;
    const moves: Record<string, Point> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step / aspect],
      ArrowDown: [0, step / aspect],
    };
    const move = moves[event.key];
    const at = cursor ?? [0.5, 0.5];
    if (move) {
      event.preventDefault();
      setCursor([unit(at[0] + move[0]), unit(at[1] + move[1])]);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (!cursor) setCursor(at);
      else applyToolAt(cursor, true);
    } else if (event.key === "Escape") {
      setCursor(null);
    }
  };

  const onMarker = (index: number) => {
    if (editing && tool === "eraser") {
      setShownNote(null);
      onChange(removeAnnotation(value, { kind: "note", index }));
    } else if (editing && tool === "note") {
      const note = value.notes[index];
      if (note) setNoteEdit({ at: note.at as Point, index });
    } else {
      setShownNote((shown) => (shown === index ? null : index));
    }
  };

  const saveNote = (noteTextValue: string) => {
    const edit = noteEdit;
    setNoteEdit(null);
    if (!edit || !editing) return;
    if (edit.index === null) {
      const note: PinnedNote = { at: edit.at, text: noteTextValue };
      onChange({ ...value, notes: [...value.notes, note] });
    } else {
      onChange({
        ...value,
        notes: value.notes.map((n, i) => (i === edit.index ? { ...n, text: noteTextValue } : n)),
      });
    }
  };

  // Markers let the pen and the stamps through; they answer taps for reading, editing, erasing.
  const markersTakeTaps = !editing || tool === "note" || tool === "eraser";
  const markerShowsText = !editing || (tool !== "note" && tool !== "eraser");
  const shown = shownNote !== null ? value.notes[shownNote] : undefined;

  return (
    <>
      <div
        className={cn(
          "absolute inset-0 select-none",
          editing && "cursor-crosshair outline-offset-2 focus-visible:outline-2",
          editing && tool === "pen" && "touch-none",
          className,
        )}
        data-tool={editing ? tool : undefined}
        onPointerDown={onPointerDown}
        {...(editing
          ? {
              role: "application",
              tabIndex: 0,
              "aria-label": t("Annotate page {{page}}", { page: pageNumber }),
              "aria-describedby": hintId,
              onPointerMove,
              onPointerUp,
              onPointerCancel,
              onKeyDown,
              onBlur: () => setCursor(null),
            }
          : {})}
      >
        <svg
          viewBox={`0 0 ${VIEW_WIDTH} ${height}`}
          preserveAspectRatio="none"
          className="pointer-events-none absolute inset-0 size-full"
          aria-hidden="true"
        >
          {value.strokes.map((stroke, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: strokes have no id; order is stable.
            <StrokeShape key={index} stroke={stroke} height={height} />
          ))}
          {live ? (
            <StrokeShape stroke={{ colour, width: strokeWidth, points: live }} height={height} />
          ) : null}
          {value.stamps.map((stamp, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: stamps have no id; order is stable.
            <StampShape key={index} stamp={stamp} height={height} />
          ))}
          {cursor ? <Crosshair at={cursor} height={height} /> : null}
        </svg>
        {value.notes.map((note, index) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: notes have no id; order is stable.
            key={index}
            type="button"
            className={cn(
              "absolute flex size-7 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white bg-amber-400 text-xs font-bold text-black shadow",
              !markersTakeTaps && "pointer-events-none",
            )}
            style={{ left: `${note.at[0] * 100}%`, top: `${note.at[1] * 100}%` }}
            aria-label={
              editing && tool === "eraser"
                ? t("Remove comment {{number}}", { number: index + 1 })
                : editing && tool === "note"
                  ? t("Edit comment {{number}}", { number: index + 1 })
                  : t("Comment {{number}}", { number: index + 1 })
            }
            aria-expanded={markerShowsText ? shownNote === index : undefined}
            aria-controls={shownNote === index ? popoverId : undefined}
            onPointerDown={(event) => event.stopPropagation()}
            onPointerUp={(event) => event.stopPropagation()}
            onClick={() => onMarker(index)}
            onKeyDown={(event) => {
              if (event.key === "Escape") setShownNote(null);
            }}
          >
            {index + 1}
          </button>
        ))}
        {shown && shownNote !== null ? (
          <NotePopover id={popoverId} note={shown} number={shownNote + 1} />
        ) : null}
        {editing ? (
          <p id={hintId} className="sr-only">
            {t("Use the arrow keys to move the cross-hair, and Enter to use the tool there.")}
          </p>
        ) : null}
      </div>
      {editing ? (
        <NoteDialog
          edit={noteEdit}
          initialText={noteEdit?.index != null ? (value.notes[noteEdit.index]?.text ?? "") : ""}
          onCancel={() => setNoteEdit(null)}
          onSave={saveNote}
        />
      ) : null}
    </>
  );
}

function StrokeShape({ stroke, height }: { stroke: Stroke; height: number }) {
  const colour = STROKE_COLOUR_VALUES[stroke.colour];
  const width = stroke.width * VIEW_WIDTH;
  const [first] = stroke.points;
  if (stroke.points.length === 1 && first) {
    return (
      <circle
        cx={first[0] * VIEW_WIDTH}
        cy={first[1] * height}
        r={width / 2}
        fill={colour}
        data-kind="stroke"
      />
    );
  }
  return (
    <polyline
      points={stroke.points
        .map(([x, y]) => `${round1(x * VIEW_WIDTH)},${round1(y * height)}`)
        .join(" ")}
      fill="none"
      stroke={colour}
      strokeWidth={width}
      strokeLinecap="round"
      strokeLinejoin="round"
      data-kind="stroke"
    />
  );
}

function StampShape({ stamp, height }: { stamp: Stamp; height: number }) {
  const size = STAMP_SIZE * VIEW_WIDTH;
  const x = stamp.at[0] * VIEW_WIDTH;
  const y = stamp.at[1] * height;
  const d =
    stamp.kind === "tick"
      ? `M ${x - 0.45 * size} ${y} L ${x - 0.1 * size} ${y + 0.38 * size} L ${x + 0.5 * size} ${y - 0.45 * size}`
      : `M ${x - 0.38 * size} ${y - 0.38 * size} L ${x + 0.38 * size} ${y + 0.38 * size} M ${x + 0.38 * size} ${y - 0.38 * size} L ${x - 0.38 * size} ${y + 0.38 * size}`;
  return (
    <path
      d={d}
      fill="none"
      stroke={stamp.kind === "tick" ? TICK_COLOUR : CROSS_COLOUR}
      strokeWidth={size * 0.13}
      strokeLinecap="round"
      strokeLinejoin="round"
      data-kind={stamp.kind}
    />
  );
}

function Crosshair({ at, height }: { at: Point; height: number }) {
  const x = at[0] * VIEW_WIDTH;
  const y = at[1] * height;
  return (
    <g stroke="#0f172a" strokeWidth={3} data-kind="crosshair">
      <circle cx={x} cy={y} r={14} fill="none" />
      <line x1={x - 24} y1={y} x2={x + 24} y2={y} />
      <line x1={x} y1={y - 24} x2={x} y2={y + 24} />
    </g>
  );
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function NotePopover({ id, note, number }: { id: string; note: PinnedNote; number: number }) {
  const { t } = useTranslation();
  const [x, y] = note.at;
  return (
    <div
      id={id}
      className="absolute z-10 w-56 max-w-[80%] rounded-md border bg-background p-3 text-sm text-foreground shadow-lg"
      style={{
        ...(x > 0.6 ? { right: `${(1 - x) * 100}%` } : { left: `${x * 100}%` }),
        ...(y > 0.7
          ? { bottom: `calc(${(1 - y) * 100}% + 1rem)` }
          : { top: `calc(${y * 100}% + 1rem)` }),
      }}
      onPointerDown={(event) => event.stopPropagation()}
    >
      <p className="mb-1 text-xs font-semibold text-muted-foreground">
        {t("Comment {{number}}", { number })}
      </p>
      <p className="whitespace-pre-wrap break-words">{note.text}</p>
    </div>
  );
}

const noteFormSchema = z.object({
  text: text()
    .trim()
    .min(1, msg("Write a comment."))
    .max(ANNOTATION_LIMITS.noteChars, msg("A comment can have at most 500 characters.")),
});
type NoteForm = { text: string };
const noteResolver = schemaResolver(noteFormSchema, (form: NoteForm) => form);

function NoteDialog(props: {
  edit: NoteEdit | null;
  initialText: string;
  onCancel: () => void;
  onSave: (text: string) => void;
}) {
  const { t } = useTranslation();
  const open = props.edit !== null;
  const form = useDialogForm<NoteForm, z.output<typeof noteFormSchema>>({
    open,
    resolver: noteResolver,
    values: () => ({ text: props.initialText }),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) props.onCancel();
      }}
      title={props.edit?.index != null ? t("Edit comment") : t("Add a comment")}
      form={form}
      onSubmit={(values) => props.onSave(values.text)}
      submitLabel={t("Save")}
    >
      <TextareaField
        name="text"
        label={t("Comment")}
        maxLength={ANNOTATION_LIMITS.noteChars}
        rows={4}
      />
    </FormDialog>
  );
}

/**
 * The comments of a page as a numbered list (the markers' numbers), and how many ticks, crosses
 * and pen marks it has: what a screen reader reads of the annotations. Screen readers only,
 * unless `visible`.
 */
export function AnnotationNoteList({
  value,
  pageNumber,
  visible = false,
  className,
}: {
  value: PageAnnotations;
  pageNumber: number;
  visible?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const ticks = value.stamps.filter((s) => s.kind === "tick").length;
  const crosses = value.stamps.length - ticks;
  return (
    <section
      aria-label={t("Comments on page {{page}}", { page: pageNumber })}
      className={cn(visible ? "grid gap-2 text-sm" : "sr-only", className)}
    >
      {value.notes.length > 0 ? (
        <ol className="grid gap-1">
          {value.notes.map((note, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: notes have no id; order is stable.
            <li key={index} className="flex gap-2">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-amber-400 text-xs font-bold text-black">
                {index + 1}
              </span>
              <span className="whitespace-pre-wrap break-words">{note.text}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-muted-foreground">{t("No comments on this page.")}</p>
      )}
      <p className="text-muted-foreground">
        {t("Ticks: {{ticks}}, crosses: {{crosses}}, pen marks: {{strokes}}.", {
          ticks,
          crosses,
          strokes: value.strokes.length,
        })}
      </p>
    </section>
  );
}
