import { Button } from "@web/components/ui/button.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { CheckCircle2, Circle } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { VIDEO_PROGRESS_INTERVAL_SECONDS } from "../../../../shared/library.ts";
import { browserTimeZone, useToggleWatched, type VideoDetail } from "../api/library-api.ts";

type Report = { positionSeconds: number; watchedSeconds: number; durationSeconds: number | null };

/**
 * Posts one progress report. `keepalive` lets it finish while the page is being left (pagehide),
 * as sendBeacon would, but with the JSON type and the origin header the API expects.
 */
function sendProgress(videoId: string, report: Report) {
  return fetch(`/api/videos/${videoId}/progress`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    credentials: "same-origin",
    keepalive: true,
    body: JSON.stringify({ ...report, tz: browserTimeZone() }),
  }).catch(() => undefined);
}

/**
 * An uploaded lesson in the browser's own player (metadata only until played), resumed at the
 * saved position. While it plays, the seconds actually played are counted and reported every 15
 * seconds, on pause and when the page is left; the server caps what one report may add.
 */
export function UploadedVideoPlayer(props: { video: VideoDetail; title: string }) {
  const { video } = props;
  const ref = useRef<HTMLVideoElement>(null);
  const state = useRef({ last: 0, unsent: 0 });

  useEffect(() => {
    const element = ref.current;
    if (!element || !video.fileUrl) return;
    const videoId = video.id;
    const duration = () =>
      Number.isFinite(element.duration) && element.duration > 0 ? element.duration : null;
    const flush = () => {
      const watchedSeconds = Math.round(state.current.unsent);
      state.current.unsent -= watchedSeconds;
      void sendProgress(videoId, {
        positionSeconds: Math.max(0, element.currentTime),
        watchedSeconds,
        durationSeconds: duration(),
      });
    };
    const onMetadata = () => {
      const saved = video.progress.positionSeconds;
      const length = duration();
      // Resumed unless it was left at the very end (the last 5 s, or the last tenth of a
      // short lesson): then it starts over.
      if (saved > 0 && (!length || saved < Math.max(length - 5, length * 0.9))) {
        element.currentTime = saved;
      }
      state.current.last = element.currentTime;
    };
    const onTime = () => {
      const now = element.currentTime;
      const step = now - state.current.last;
      state.current.last = now;
      // Played time only: a seek jumps further than a timeupdate step ever does.
      if (!element.paused && step > 0 && step < 2) state.current.unsent += step;
    };
    const onSeeked = () => {
      state.current.last = element.currentTime;
    };
    let timer: ReturnType<typeof setInterval> | undefined;
    const onPlay = () => {
      clearInterval(timer);
      timer = setInterval(flush, VIDEO_PROGRESS_INTERVAL_SECONDS * 1000);
    };
    const onPause = () => {
      clearInterval(timer);
      flush();
    };
    element.addEventListener("loadedmetadata", onMetadata);
    element.addEventListener("timeupdate", onTime);
    element.addEventListener("seeked", onSeeked);
    element.addEventListener("play", onPlay);
    element.addEventListener("pause", onPause);
    element.addEventListener("ended", onPause);
    window.addEventListener("pagehide", flush);
    // The first report records the opening (and creates the progress the next ones add to).
    void sendProgress(videoId, {
      positionSeconds: video.progress.positionSeconds,
      watchedSeconds: 0,
      durationSeconds: null,
    });
    return () => {
      clearInterval(timer);
      element.removeEventListener("loadedmetadata", onMetadata);
      element.removeEventListener("timeupdate", onTime);
      element.removeEventListener("seeked", onSeeked);
      element.removeEventListener("play", onPlay);
      element.removeEventListener("pause", onPause);
      element.removeEventListener("ended", onPause);
      window.removeEventListener("pagehide", flush);
      if (state.current.unsent >= 1) flush();
    };
  }, [video.id, video.fileUrl, video.progress.positionSeconds]);

  return (
    // biome-ignore lint/a11y/useMediaCaption: lessons are uploaded by admins without caption files.
    <video
      ref={ref}
      className="aspect-video w-full rounded-lg bg-black"
      controls
      preload="metadata"
      poster={video.posterUrl ?? undefined}
      aria-label={props.title}
    >
      {video.fileUrl ? <source src={video.fileUrl} type={video.fileType ?? undefined} /> : null}
    </video>
  );
}

/**
 * A YouTube or Vimeo lesson in its provider's player (no autoplay). Its progress cannot be read
 * without the provider's script, so the opening is recorded and the student marks it watched.
 */
export function EmbeddedVideo(props: { video: VideoDetail; title: string }) {
  const { t } = useTranslation();
  const { video } = props;
  const toggle = useToggleWatched();
  useEffect(() => {
    void sendProgress(video.id, { positionSeconds: 0, watchedSeconds: 0, durationSeconds: null });
  }, [video.id]);
  const watched = video.completed || video.progress.completed;
  return (
    <div className="grid gap-3">
      <div className="aspect-video w-full overflow-hidden rounded-lg bg-black">
        {video.embedUrl ? (
          <iframe
            src={video.embedUrl}
            title={props.title}
            className="h-full w-full"
            allow="fullscreen; picture-in-picture; encrypted-media"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            loading="lazy"
          />
        ) : null}
      </div>
      <Button
        variant={watched ? "secondary" : "outline"}
        className="justify-self-start"
        aria-pressed={watched}
        disabled={toggle.isPending}
        onClick={() =>
          toggle.mutate(
            { videoId: video.id, watched: !watched },
            {
              onError: (error) =>
                notify.error(t("Could not save your progress"), errorMessage(error)),
            },
          )
        }
      >
        {watched ? <CheckCircle2 aria-hidden="true" /> : <Circle aria-hidden="true" />}
        {watched ? t("Watched") : t("Mark as watched")}
      </Button>
      <p className="text-xs text-muted-foreground">
        {t(
          "Progress in YouTube and Vimeo players is not tracked: mark the lesson watched when you finish.",
        )}
      </p>
    </div>
  );
}
