import { cn } from "@web/lib/cn.ts";

export type PaletteState = "answered" | "unanswered" | "marked";

/** Jump to any question; colours tell answered, unanswered and marked-for-review apart. */
export function QuestionPalette(props: {
  states: PaletteState[];
  current: number;
  onJump: (index: number) => void;
}) {
  const answered = props.states.filter((s) => s === "answered").length;
  const marked = props.states.filter((s) => s === "marked").length;
  return (
    <nav aria-label="Question palette" className="grid gap-3">
      <div className="grid grid-cols-6 gap-2 sm:grid-cols-8 lg:grid-cols-5">
        {props.states.map((state, index) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: questions are positional here
            key={index}
            type="button"
            onClick={() => props.onJump(index)}
            aria-current={index === props.current ? "step" : undefined}
            aria-label={`Question ${index + 1}, ${state === "marked" ? "marked for review" : state}`}
            className={cn(
              "flex size-10 items-center justify-center rounded-md border text-sm font-semibold",
              state === "answered" && "border-primary bg-primary text-primary-foreground",
              state === "unanswered" && "border-border bg-background",
              state === "marked" && "border-amber-500 bg-amber-100 text-amber-900",
              index === props.current && "ring-2 ring-ring ring-offset-2",
            )}
          >
            {index + 1}
          </button>
        ))}
      </div>
      <ul className="flex flex-wrap gap-3 text-xs text-muted-foreground">
        <li className="flex items-center gap-1">
          <span className="size-3 rounded-sm bg-primary" aria-hidden="true" /> Answered ({answered})
        </li>
        <li className="flex items-center gap-1">
          <span
            className="size-3 rounded-sm border border-border bg-background"
            aria-hidden="true"
          />{" "}
          Unanswered ({props.states.length - answered - marked})
        </li>
        <li className="flex items-center gap-1">
          <span
            className="size-3 rounded-sm bg-amber-100 ring-1 ring-amber-500"
            aria-hidden="true"
          />{" "}
          Marked for review ({marked})
        </li>
      </ul>
    </nav>
  );
}
