import type { AttemptKind } from "../../../../shared/attempt-kinds.ts";
import { examKind } from "./exam.ts";
import type { AttemptKindModule, BaseTarget } from "./kind.ts";
import { liveKind } from "./live.ts";
import { mainsKind } from "./mains.ts";
import { practiceKind } from "./practice.ts";
import { quizKind } from "./quiz.ts";
import { revisionKind } from "./revision.ts";

/**
 * Every attempt kind's module, keyed by `shared/attempt-kinds.ts`: a kind added there does not
 * compile until it has a module here, whose target's `kind` is its key.
 */
export const KIND_MODULES = {
  exam: examKind,
  quiz: quizKind,
  practice: practiceKind,
  revision: revisionKind,
  live: liveKind,
  mains: mainsKind,
} satisfies { [K in AttemptKind]: AttemptKindModule<BaseTarget & { kind: K }> };

type Modules = typeof KIND_MODULES;
type TargetOfModule<M> = M extends AttemptKindModule<infer T, unknown, unknown> ? T : never;

/** The loaded target of a kind `K`. */
export type TargetFor<K extends AttemptKind> = TargetOfModule<Modules[K]>;
/** What an attempt is of, loaded: one kind's target. */
export type AttemptTarget = { [K in AttemptKind]: TargetFor<K> }[AttemptKind];
export type SummaryOf = { [K in AttemptKind]: ReturnType<Modules[K]["summary"]> }[AttemptKind];
export type OverviewOf = { [K in AttemptKind]: ReturnType<Modules[K]["overview"]> }[AttemptKind];

/**
 * The module of a target's kind, typed for any target: the one place where a kind's module is
 * trusted to take the target its own `load` returned.
 */
export function kindOf(ref: {
  kind: AttemptKind;
}): AttemptKindModule<AttemptTarget, SummaryOf, OverviewOf> {
  return KIND_MODULES[ref.kind] as unknown as AttemptKindModule<
    AttemptTarget,
    SummaryOf,
    OverviewOf
  >;
}
