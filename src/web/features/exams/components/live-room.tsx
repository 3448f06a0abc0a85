import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckboxField, TextField } from "@web/components/form/fields.tsx";
import { lazySchemaResolver } from "@web/components/form/schema-resolver.ts";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { ApiError } from "@web/lib/api.ts";
import { useAuth } from "@web/lib/auth.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatIndiaDateTime, formatNumber } from "@web/lib/format.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { notify } from "@web/lib/toast.ts";
import { Radio, Trophy, Users } from "lucide-react";
import { useMemo } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { z } from "zod";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { liveRegistrationSchema } from "../../../../shared/live-test-schemas.ts";
import { LIVE_DISPLAY_NAME_MAX, type LivePhase } from "../../../../shared/live-tests.ts";
import { type LiveRoom, leaderboardQueryOptions, registerForLiveTest } from "../api/live-tests.ts";
import { clockOffsetMs, formatCountdown } from "../lib/clock.ts";
import { useCountdown } from "../lib/use-countdown.ts";
import { describePenalty } from "./exam-start-screen.tsx";

type Room = LiveRoom & { live: NonNullable<LiveRoom["live"]> };
type Me = NonNullable<Room["me"]>;

const PHASE_LABEL: Record<LivePhase, string> = {
  upcoming: msg("Upcoming"),
  entry: msg("Entry open"),
  running: msg("In progress"),
  closed: msg("Closed"),
  published: msg("Results published"),
};

/**
 * The waiting room at `/exam/{id}` for a live test (decision 047): the schedule and rules, the
 * registration, a countdown to the student's own staggered entry on the server's clock, then
 * Enter; after the close the sealed result's time, and once published the student's All-India
 * rank and the leaderboard.
 */
export function LiveRoomScreen(props: {
  room: Room;
  /** When the room was read (the client's clock), for the server-clock offset. */
  receivedAt: number;
  onStart: () => void;
  isStarting: boolean;
  back: { to: string; label: string };
}) {
  const { t } = useTranslation();
  const { live, me } = props.room;
  const offset = useMemo(
    () => clockOffsetMs(props.room.serverNow, props.receivedAt),
    [props.room.serverNow, props.receivedAt],
  );
  const toOpen = useCountdown(live.opensAt, offset);
  const toEntry = useCountdown(me?.entryAt ?? null, offset);
  const toEntryClose = useCountdown(live.entryClosesAt, offset);
  // The phase moves on the server's clock between reads of the room.
  const phase: LivePhase =
    live.phase === "upcoming" && toOpen === 0
      ? "entry"
      : live.phase === "entry" && toEntryClose === 0
        ? "running"
        : live.phase;
  const canEnter = phase === "entry" && me?.registered === true && toEntry === 0 && !me.attempt;
  const canResume = me?.attempt && !me.attempt.completed && phase !== "published";

  return (
    <div className="mx-auto grid max-w-2xl gap-5 px-4 py-6">
      <header className="grid gap-2">
        <p className="flex items-center gap-2 text-sm font-medium text-primary">
          <Radio className="size-4" aria-hidden="true" />
          {t("All-India live test")}
        </p>
        <h1 className="text-2xl font-bold">{live.title}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={phase === "entry" ? "success" : "secondary"}>
            {t(PHASE_LABEL[phase])}
          </Badge>
          <span className="flex items-center gap-1 text-sm text-muted-foreground">
            <Users className="size-4" aria-hidden="true" />
            {t("{{formatted}} registered", {
              count: live.registeredCount,
              formatted: formatNumber(live.registeredCount),
            })}
          </span>
        </div>
        {live.description ? <p className="text-muted-foreground">{live.description}</p> : null}
      </header>

      <dl className="grid grid-cols-2 gap-3 rounded-lg border p-4 text-sm sm:grid-cols-3">
        <Fact label={t("Opens")} value={formatIndiaDateTime(live.opensAt)} />
        <Fact label={t("Entry closes")} value={formatIndiaDateTime(live.entryClosesAt)} />
        <Fact
          label={t("Duration")}
          value={t("{{count}} minutes", { count: live.durationMinutes })}
        />
        <Fact label={t("Questions")} value={String(live.questionCount)} />
        <Fact label={t("Negative marking")} value={describePenalty(live)} />
        <Fact label={t("Results")} value={formatIndiaDateTime(live.resultsAt)} />
      </dl>

      <section aria-labelledby="live-status" className="grid gap-3 rounded-lg border p-4">
        <h2 id="live-status" className="text-lg font-semibold">
          {t("Your entry")}
        </h2>
        {phase === "published" && me?.result ? (
          <LiveResult result={me.result} examId={live.examId} />
        ) : me?.attempt?.completed ? (
          <p role="status">
            {t(
              "Your answers are submitted. Results and your All-India rank are published at {{time}}.",
              {
                time: formatIndiaDateTime(live.resultsAt),
              },
            )}
          </p>
        ) : canResume ? (
          <Button
            onClick={props.onStart}
            disabled={props.isStarting}
            className="justify-self-start"
          >
            {t("Resume live test")}
          </Button>
        ) : !me?.registered ? (
          phase === "upcoming" || phase === "entry" ? (
            <RegisterForm examId={live.examId} />
          ) : (
            <p>{t("Registration for this live test has closed.")}</p>
          )
        ) : phase === "upcoming" || (phase === "entry" && !canEnter) ? (
          <div className="grid gap-2">
            <p>
              {t("You are registered as {{name}}.", {
                name: me.anonymous ? t("Anonymous") : me.displayName,
              })}
            </p>
            <p>{t("Your entry time: {{time}}", { time: formatIndiaDateTime(me.entryAt) })}</p>
            <p className="text-3xl font-semibold tabular-nums" role="timer" aria-live="off">
              <span className="sr-only">{t("Time until your entry")} </span>
              {formatCountdown(toEntry ?? 0)}
            </p>
            <Button disabled className="justify-self-start">
              {t("Enter the live test")}
            </Button>
          </div>
        ) : canEnter ? (
          <Button
            onClick={props.onStart}
            disabled={props.isStarting}
            className="justify-self-start"
          >
            {props.isStarting ? t("Entering...") : t("Enter the live test")}
          </Button>
        ) : (
          <p>{t("You did not take this live test.")}</p>
        )}
      </section>

      <section aria-labelledby="live-rules" className="grid gap-2">
        <h2 id="live-rules" className="text-lg font-semibold">
          {t("Live test rules")}
        </h2>
        <ul className="list-disc space-y-1 ps-5 text-sm">
          <li>
            {t(
              "Entry is staggered: each student enters at their own time in the first minutes, shown above.",
            )}
          </li>
          <li>
            {t("You have the full {{count}} minutes from your own start.", {
              count: live.durationMinutes,
            })}
          </li>
          <li>{t("Nobody can start after the entry window closes.")}</li>
          <li>{t("At time zero your answers are submitted automatically.")}</li>
          <li>{t("Answers and ranks are shown to everyone when the results are published.")}</li>
        </ul>
      </section>

      {phase === "published" ? <Leaderboard examId={live.examId} /> : null}

      <Link to={props.back.to} className="text-sm text-primary underline">
        {props.back.label}
      </Link>
    </div>
  );
}

function Fact(props: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{props.label}</dt>
      <dd className="font-medium">{props.value}</dd>
    </div>
  );
}

type RegisterValues = { displayName: string; anonymous: boolean };
type LiveRegistration = z.output<typeof liveRegistrationSchema>;

/** The schema is loaded when the form is sent: zod stays out of the exam page's chunks. */
const registerResolver = lazySchemaResolver<RegisterValues, typeof liveRegistrationSchema>(
  async () => (await import("../../../../shared/live-test-schemas.ts")).liveRegistrationSchema,
);

function RegisterForm({ examId }: { examId: string }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const form = useForm<RegisterValues, unknown, LiveRegistration>({
    resolver: registerResolver,
    defaultValues: {
      displayName:
        auth.status === "signed-in"
          ? (auth.session.profile?.fullName ?? "").slice(0, LIVE_DISPLAY_NAME_MAX)
          : "",
      anonymous: false,
    },
  });
  const registration = useMutation({
    mutationFn: (values: LiveRegistration) => registerForLiveTest(examId, values),
    onSuccess: () => {
      notify.success(t("You are registered"));
      void queryClient.invalidateQueries({ queryKey: queryKeys.liveTests.all });
    },
    onError: (error) => {
      // A refusal for want of a plan is said beside the button, with the way to the plans.
      if (!(error instanceof ApiError && error.code === "FORBIDDEN"))
        notify.error(t("Could not register"), errorMessage(error));
    },
  });
  // A premium live test refused for want of a plan: say why where the student is, with the way on.
  const refused =
    registration.error instanceof ApiError && registration.error.code === "FORBIDDEN"
      ? registration.error
      : null;
  const plansUrl =
    (refused?.details as { plansUrl?: string } | undefined)?.plansUrl ?? "/student/subscriptions";
  const submit = form.handleSubmit((values) => registration.mutate(values));
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} className="grid gap-3">
        <TextField
          name="displayName"
          label={t("Name on the leaderboard")}
          maxLength={LIVE_DISPLAY_NAME_MAX}
          required
        />
        <CheckboxField name="anonymous" label={t("Show me as Anonymous on the leaderboard")} />
        <Button type="submit" disabled={registration.isPending} className="justify-self-start">
          {registration.isPending ? t("Registering...") : t("Register")}
        </Button>
        {refused ? (
          <InlineAlert as="div" className="grid gap-2 rounded-md border bg-muted/40 p-3 text-sm">
            <p>{errorMessage(refused)}</p>
            <Button asChild size="sm" className="justify-self-start">
              <Link to={plansUrl}>{t("View Plans")}</Link>
            </Button>
          </InlineAlert>
        ) : null}
      </form>
    </FormProvider>
  );
}

function LiveResult(props: { result: NonNullable<Me["result"]>; examId: string }) {
  const { t } = useTranslation();
  const { result } = props;
  return (
    <div className="grid gap-2">
      <p className="flex items-center gap-2 text-2xl font-bold">
        <Trophy className="size-6 text-primary" aria-hidden="true" />
        {t("All-India Rank {{rank}} of {{of}}", {
          rank: formatNumber(result.rank),
          of: formatNumber(result.of),
        })}
      </p>
      <p>
        {t("Percentile {{percentile}}", { percentile: result.percentile.toFixed(2) })} ·{" "}
        {t("Score {{score}}%", { score: result.score })}
      </p>
      <p className="text-sm text-muted-foreground">
        {t("Average {{average}}% · top tenth {{top}}%", {
          average: result.averageScore,
          top: result.topTenAverageScore,
        })}
      </p>
      {result.late ? (
        <p className="text-sm">
          <Badge variant="warning">{t("Late")}</Badge>{" "}
          {t("Graded after publication: ranked against the published results.")}
        </p>
      ) : null}
      <Link to={`/results/${result.attemptId}`} className="text-primary underline">
        {t("Review your answers and analysis")}
      </Link>
    </div>
  );
}

function Leaderboard({ examId }: { examId: string }) {
  const { t } = useTranslation();
  const board = useQuery(leaderboardQueryOptions(examId));
  if (!board.data?.published) return null;
  return (
    <section aria-labelledby="live-leaderboard" className="grid gap-2">
      <h2 id="live-leaderboard" className="text-lg font-semibold">
        {t("Leaderboard")}
      </h2>
      <ol className="divide-y rounded-lg border">
        {board.data.items.map((row) => (
          <li key={row.place} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
            <span className="w-12 font-semibold tabular-nums">{row.rank}</span>
            <span className="flex-1 truncate">{row.name ?? t("Anonymous")}</span>
            <span className="tabular-nums">{`${row.score}%`}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
