import { LocalText } from "@web/components/local-text.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { useAuth } from "@web/lib/auth.ts";
import { contentLang } from "@web/lib/content-language.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatIndiaDateTime } from "@web/lib/format.ts";
import {
  calendarPath,
  joinPath,
  type LiveClassRow,
  useLiveClassReminder,
} from "@web/lib/live-classes.ts";
import { notify } from "@web/lib/toast.ts";
import { Bell, BellRing, CalendarPlus, Lock, PlayCircle, Radio, Video } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { PLANS_PATH } from "../../../shared/plan-display.ts";

/**
 * One live class (decision 043): when, who, how long; "Join class" while the door is open (the
 * server checks access and redirects to the meeting), "Add to calendar" (.ics), "Remind me"
 * (mailed before the start), the recording after the class, and for a locked premium class its
 * lock and the way to the plans.
 */
export function LiveClassCard({
  liveClass,
  headingLevel = "h3",
}: {
  liveClass: LiveClassRow;
  headingLevel?: "h2" | "h3";
}) {
  const { t } = useTranslation();
  const auth = useAuth();
  const location = useLocation();
  const reminder = useLiveClassReminder();
  const Heading = headingLevel;
  const signedIn = auth.status === "signed-in";
  const ended = liveClass.status === "ended";
  const headingId = `live-class-${liveClass.id}`;

  const toggleReminder = async () => {
    const on = !liveClass.reminded;
    try {
      await reminder.mutateAsync({ id: liveClass.id, on });
      notify.success(
        on ? t("We will mail you 30 minutes before the class.") : t("Reminder removed"),
      );
    } catch (error) {
      notify.error(t("Could not change the reminder"), errorMessage(error));
    }
  };

  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-3 rounded-lg border border-border bg-background p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        {liveClass.status === "live" ? (
          <Badge variant="destructive">
            <Radio aria-hidden="true" className="mr-1 size-3" />
            {t("Live now")}
          </Badge>
        ) : null}
        {ended ? <Badge variant="outline">{t("Ended")}</Badge> : null}
        {liveClass.isFree ? (
          <Badge variant="success">{t("Free")}</Badge>
        ) : (
          <Badge variant="warning">{t("Premium")}</Badge>
        )}
        {liveClass.subjectName ? (
          // Names an admin wrote, in their own language (subjects have no Hindi yet).
          <Badge variant="secondary" lang={contentLang(liveClass.subjectName)}>
            {liveClass.topicName
              ? `${liveClass.subjectName} · ${liveClass.topicName}`
              : liveClass.subjectName}
          </Badge>
        ) : null}
      </div>
      <Heading id={headingId} className="text-base font-semibold leading-snug">
        <LocalText english={liveClass.title} hindi={liveClass.titleHi} />
      </Heading>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("Teacher")}</dt>
        <dd lang={contentLang(liveClass.teacher)}>{liveClass.teacher}</dd>
        <dt className="text-muted-foreground">{t("Starts")}</dt>
        <dd>
          {/* India's time, said so, like a live test's: a class starts for everyone at once, and
              the server's render reads the same as the browser's (any other zone made the
              hydration fail and React render the whole page again). */}
          <time dateTime={liveClass.startsAt}>{formatIndiaDateTime(liveClass.startsAt)}</time>
        </dd>
        <dt className="text-muted-foreground">{t("Duration")}</dt>
        <dd>{t("{{count}} minutes", { count: liveClass.durationMinutes })}</dd>
      </dl>
      {liveClass.description ? (
        <p lang={contentLang(liveClass.description)} className="text-sm text-muted-foreground">
          {liveClass.description}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {liveClass.locked ? (
          <>
            <p className="flex w-full items-center gap-1.5 text-sm text-muted-foreground">
              <Lock aria-hidden="true" className="size-4" />
              {t("This class is for subscribers.")}
            </p>
            <Button asChild size="sm">
              <Link to={signedIn ? PLANS_PATH : "/login"} state={{ from: location.pathname }}>
                {signedIn ? t("See plans") : t("Log in to join")}
              </Link>
            </Button>
          </>
        ) : liveClass.canJoin ? (
          signedIn ? (
            <Button asChild size="sm">
              <a href={joinPath(liveClass.id)} target="_blank" rel="noopener noreferrer">
                <Video aria-hidden="true" />
                {t("Join class")}
              </a>
            </Button>
          ) : (
            <Button asChild size="sm">
              <Link to="/login" state={{ from: location.pathname }}>
                {t("Log in to join")}
              </Link>
            </Button>
          )
        ) : null}
        {ended && liveClass.recordingPath ? (
          <Button asChild size="sm" variant="outline">
            <Link to={liveClass.recordingPath}>
              <PlayCircle aria-hidden="true" />
              {t("Watch recording")}
            </Link>
          </Button>
        ) : ended && liveClass.recordingUrl ? (
          <Button asChild size="sm" variant="outline">
            <a href={liveClass.recordingUrl} target="_blank" rel="noopener noreferrer">
              <PlayCircle aria-hidden="true" />
              {t("Watch recording")}
            </a>
          </Button>
        ) : null}
        {ended && !liveClass.hasRecording ? (
          <p className="text-sm text-muted-foreground">{t("No recording yet.")}</p>
        ) : null}
        {!ended ? (
          <Button asChild size="sm" variant="outline">
            <a href={calendarPath(liveClass.id)} download>
              <CalendarPlus aria-hidden="true" />
              {t("Add to calendar")}
            </a>
          </Button>
        ) : null}
        {!ended && signedIn && !liveClass.locked && liveClass.status !== "live" ? (
          // A toggle: its name stays, its state is aria-pressed (and the filled bell).
          <Button
            size="sm"
            variant={liveClass.reminded ? "secondary" : "ghost"}
            aria-pressed={liveClass.reminded}
            disabled={reminder.isPending}
            onClick={() => void toggleReminder()}
          >
            {liveClass.reminded ? <BellRing aria-hidden="true" /> : <Bell aria-hidden="true" />}
            {t("Remind me")}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
