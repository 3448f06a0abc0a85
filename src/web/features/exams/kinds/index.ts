import type { AttemptKind } from "../../../../shared/attempt-kinds.ts";
import type { ExamOverview, QuizOverview, SetOverview } from "../api/attempts.ts";
import type { LiveRoom } from "../api/live-tests.ts";
import type { MainsOverview } from "../api/mains-tests.ts";
import { exam } from "./exam.tsx";
import type { AttemptKindModule } from "./kind.ts";
import { live } from "./live.tsx";
import { mains } from "./mains.tsx";
import { practice } from "./practice.tsx";
import { quiz } from "./quiz.tsx";
import { revision } from "./revision.tsx";

/** What each kind's start screen reads. */
type OverviewOf = {
  exam: ExamOverview;
  quiz: QuizOverview;
  practice: SetOverview;
  revision: SetOverview;
  live: LiveRoom;
  mains: MainsOverview;
};

/**
 * One module per attempt kind (decision 033), keyed by `AttemptKind`: a kind added to
 * `shared/attempt-kinds.ts` does not compile until it has one here (and its facts in `facts.ts`).
 */
export const ATTEMPT_KIND_MODULES: { [K in AttemptKind]: AttemptKindModule<OverviewOf[K]> } = {
  exam,
  quiz,
  practice,
  revision,
  live,
  mains,
};
