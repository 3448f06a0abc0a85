import { useQuery } from "@tanstack/react-query";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { contentLang } from "@web/lib/content-language.ts";
import { formatIndiaDateTime, formatNumber } from "@web/lib/format.ts";
import {
  type LiveTestList,
  type LiveTestListItem,
  liveTestsQueryOptions,
} from "@web/lib/live-tests.ts";
import { Radio, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { msg } from "../../../shared/i18n/msg.ts";
import type { LivePhase } from "../../../shared/live-tests.ts";

/**
 * The student's live tests (decision 047) as cards: when (India time), how long, how many have
 * registered, and where the student stands, each with the way to its waiting room at
 * `/exam/{id}`. On the student dashboard (its data preloaded with the page) and above the exams
 * list. Nothing while it loads, when it fails, or when there is no live test to show.
 */

/** Where the student stands at a live test, as its card says it. */
export type LiveCardState =
  | "register"
  | "registered"
  | "enter"
  | "resume"
  | "submitted"
  | "awaiting"
  | "results";

/** A published test's card stays this long after its close, to lead the student to their rank. */
const RESULTS_SHOWN_MS = 7 * 24 * 3600 * 1000;
/** The longest a timer waits before the cards look at the clock again. */
const MAX_WAIT_MS = 3600 * 1000;

/** Where the test stands at `nowMs` on the server's clock: published as the server said, else by its times. */
function phaseAt(item: LiveTestListItem, nowMs: number): LivePhase {
  if (item.phase === "published") return "published";
  if (nowMs < Date.parse(item.opensAt)) return "upcoming";
  if (nowMs < Date.parse(item.entryClosesAt)) return "entry";
  if (nowMs < Date.parse(item.closesAt)) return "running";
  return "closed";
}

/**
 * The card's state at `nowMs`, or null when the test is nothing to this student now (closed
 * without them, or published long ago). The list was read at some moment; the phase moves on by
 * the times it carries, so a card turns to "Enter now" at the student's own entry time.
 */
export function liveCardState(item: LiveTestListItem, nowMs: number): LiveCardState | null {
  const me = item.me;
  const registered = me?.registered === true;
  const phase = phaseAt(item, nowMs);
  switch (phase) {
    case "upcoming":
      return registered ? "registered" : "register";
    case "entry": {
      if (!me || !registered) return "register";
      // Not read before the test opened: nobody could have started it then.
      const attempt = me.attempt ?? "none";
      if (attempt === "completed") return "submitted";
      if (attempt === "open") return "resume";
      return nowMs >= Date.parse(me.entryAt) ? "enter" : "registered";
    }
    case "running":
    case "closed": {
      if (!me || !registered || me.attempt === "none") return null;
      if (me.attempt === "completed") return "submitted";
      if (me.attempt === "open" && phase === "running") return "resume";
      return "awaiting";
    }
    case "published":
      return registered && nowMs - Date.parse(item.closesAt) < RESULTS_SHOWN_MS ? "results" : null;
  }
}

/** What to act on first: entering, then the tests to come, then those awaiting or with results. */
const ORDER: Record<LiveCardState, number> = {
  enter: 0,
  resume: 0,
  register: 1,
  registered: 1,
  submitted: 2,
  awaiting: 2,
  results: 3,
};

/** The cards to show at `nowMs`, in the order to show them (the list's own order within each). */
export function liveCards(items: LiveTestListItem[], nowMs: number): LiveCard[] {
  return items
    .map((item) => ({ item, state: liveCardState(item, nowMs), phase: phaseAt(item, nowMs) }))
    .filter((card): card is LiveCard => card.state !== null)
    .sort((a, b) => ORDER[a.state] - ORDER[b.state]);
}
export type LiveCard = { item: LiveTestListItem; state: LiveCardState; phase: LivePhase };

/** The next instant a card's state may change by the clock alone (none: null). */
function nextChange(items: LiveTestListItem[], nowMs: number): number | null {
  let next: number | null = null;
  for (const item of items) {
    for (const at of [item.opensAt, item.me?.entryAt, item.entryClosesAt, item.closesAt]) {
      const ms = at ? Date.parse(at) : Number.NaN;
      if (ms > nowMs && (next === null || ms < next)) next = ms;
    }
  }
  return next;
}

/**
 * The server's time for the cards: the list's own `serverNow` in the first render (the same in
 * the server's render and the browser's), then the browser's clock with the server's offset,
 * looked at again when a card's state changes by the clock.
 */
function useServerTime(data: LiveTestList | undefined, receivedAt: number): number | null {
  const readAt = data ? Date.parse(data.serverNow) : null;
  const [now, setNow] = useState<number | null>(readAt);
  useEffect(() => {
    if (!data) return;
    const offset = Date.parse(data.serverNow) - receivedAt;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      const current = Date.now() + offset;
      setNow(current);
      const next = nextChange(data.items, current);
      if (next !== null) timer = setTimeout(look, Math.min(next - current + 50, MAX_WAIT_MS));
    };
    look();
    return () => clearTimeout(timer);
  }, [data, receivedAt]);
  return now ?? readAt;
}

const BADGE: Record<LiveCardState, { label: string; variant: "success" | "secondary" }> = {
  register: { label: msg("Upcoming"), variant: "secondary" },
  registered: { label: msg("Registered"), variant: "success" },
  enter: { label: msg("Entry open"), variant: "success" },
  resume: { label: msg("In progress"), variant: "success" },
  submitted: { label: msg("Submitted"), variant: "secondary" },
  awaiting: { label: msg("Closed"), variant: "secondary" },
  results: { label: msg("Results published"), variant: "success" },
};

const ACTION: Record<LiveCardState, { label: string; primary: boolean }> = {
  register: { label: msg("Register"), primary: true },
  registered: { label: msg("Go to the waiting room"), primary: false },
  enter: { label: msg("Enter now"), primary: true },
  resume: { label: msg("Resume live test"), primary: true },
  submitted: { label: msg("View live test"), primary: false },
  awaiting: { label: msg("View live test"), primary: false },
  results: { label: msg("See your rank"), primary: true },
};

export function LiveTestCard({ item, state, phase }: LiveCard) {
  const { t } = useTranslation();
  const headingId = `live-test-${item.examId}`;
  // A test still taking registrations whose entry window has opened says so.
  const badge = state === "register" && phase === "entry" ? BADGE.enter : BADGE[state];
  const action = ACTION[state];
  return (
    <article
      aria-labelledby={headingId}
      className="grid h-full content-start gap-3 rounded-lg border border-border bg-background p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="flex items-center gap-1 text-xs font-medium text-primary">
          <Radio className="size-3.5" aria-hidden="true" />
          {t("All-India live test")}
        </span>
        <Badge variant={badge.variant}>{t(badge.label)}</Badge>
        {item.isFree ? null : <Badge variant="warning">{t("Premium")}</Badge>}
      </div>
      <h3
        id={headingId}
        lang={contentLang(item.title)}
        className="text-base font-semibold leading-snug"
      >
        {item.title}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("Starts")}</dt>
        <dd>
          <time dateTime={item.opensAt}>{formatIndiaDateTime(item.opensAt)}</time>
        </dd>
        <dt className="text-muted-foreground">{t("Duration")}</dt>
        <dd>
          {t("{{count}} minutes", { count: item.durationMinutes })} ·{" "}
          {item.questionCount === 1
            ? t("1 question")
            : t("{{questions}} questions", { questions: item.questionCount })}
        </dd>
        {state === "registered" && item.me ? (
          <>
            <dt className="text-muted-foreground">{t("Your entry")}</dt>
            <dd>
              <time dateTime={item.me.entryAt}>{formatIndiaDateTime(item.me.entryAt)}</time>
            </dd>
          </>
        ) : null}
        {state === "submitted" || state === "awaiting" ? (
          <>
            <dt className="text-muted-foreground">{t("Results")}</dt>
            <dd>
              <time dateTime={item.resultsAt}>{formatIndiaDateTime(item.resultsAt)}</time>
            </dd>
          </>
        ) : null}
      </dl>
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <Users className="size-4" aria-hidden="true" />
        {t("{{formatted}} registered", {
          count: item.registeredCount,
          formatted: formatNumber(item.registeredCount),
        })}
      </p>
      <Button
        asChild
        size="sm"
        variant={action.primary ? "default" : "outline"}
        className="justify-self-start"
      >
        <Link to={`/exam/${item.examId}`} aria-describedby={headingId}>
          {t(action.label)}
        </Link>
      </Button>
    </article>
  );
}

/** The "Live tests" section: the student's cards, or nothing when there is none to show. */
export function LiveTestsSection() {
  const { t } = useTranslation();
  const list = useQuery(liveTestsQueryOptions);
  const now = useServerTime(list.data, list.dataUpdatedAt);
  if (!list.data || now === null) return null;
  const cards = liveCards(list.data.items, now);
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="live-tests-heading" className="grid gap-3">
      <div className="grid gap-0.5">
        <h2 id="live-tests-heading" className="text-lg font-semibold">
          {t("Live tests")}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t("Everyone in India at the same time: register, enter at your time, get your rank.")}
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.item.examId}>
            <LiveTestCard {...card} />
          </li>
        ))}
      </ul>
    </section>
  );
}
