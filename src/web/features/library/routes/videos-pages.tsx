import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "@web/components/layout/page-header.tsx";
import { LocalText } from "@web/components/local-text.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { Pagination } from "@web/components/ui/pagination.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import { usePickText } from "@web/lib/content-language.ts";
import { usePageTitle } from "@web/lib/page-title.ts";
import { useSubjectOptions } from "@web/lib/subject-options.ts";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useVideo, type VideoFilter, videosQueryOptions } from "../api/library-api.ts";
import { LockNotice, VideoCard } from "../components/library-cards.tsx";
import { EmbeddedVideo, UploadedVideoPlayer } from "../components/video-player.tsx";

const PAGE_SIZE = 12;

function VideoList(props: { filter: Omit<VideoFilter, "page" | "pageSize">; emptyTitle: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const videos = useQuery(videosQueryOptions({ ...props.filter, page, pageSize: PAGE_SIZE }));
  return (
    <QueryContent
      query={videos}
      loadingLabel={t("Loading videos...")}
      errorTitle={t("Error loading videos")}
      isEmpty={(data) => data.items.length === 0}
      empty={
        <EmptyState
          title={props.emptyTitle}
          description={t("New videos appear here as soon as they are published.")}
        />
      }
    >
      {(data) => (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={videos.isFetching}>
            {data.items.map((video) => (
              <VideoCard key={video.id} video={video} />
            ))}
          </ul>
          <Pagination page={page} pageSize={PAGE_SIZE} total={data.total} onPageChange={setPage} />
        </>
      )}
    </QueryContent>
  );
}

/** /student/study-materials/videos: the subjects' video lessons, by subject. */
export function StudyVideosPage() {
  const { t } = useTranslation();
  const subjects = useSubjectOptions().data ?? [];
  const [subjectId, setSubjectId] = useState("");
  const select = useId();
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-5 px-4 py-6">
      <PageHeader
        title={t("Video Lessons")}
        description={t("Recorded lessons by subject and topic, free and premium.")}
        backTo="/student/study-materials/notes"
        backLabel={t("Back to Study Notes")}
      />
      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor={select}>{t("Subject")}</Label>
        <Select
          id={select}
          value={subjectId}
          onChange={(event) => setSubjectId(event.target.value)}
        >
          <option value="">{t("All subjects")}</option>
          {subjects.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </Select>
      </div>
      <VideoList
        key={subjectId}
        filter={{ kind: "lesson", subjectId: subjectId || undefined }}
        emptyTitle={t("No video lessons yet.")}
      />
    </div>
  );
}

/** /current-affairs/videos: the current-affairs videos, newest first. */
export function CurrentAffairsVideosPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="ca-videos" className="grid gap-4">
      <h2 id="ca-videos" className="text-lg font-semibold">
        {t("Current Affairs Videos")}
      </h2>
      <VideoList
        filter={{ kind: "current_affairs" }}
        emptyTitle={t("No current-affairs videos yet.")}
      />
    </section>
  );
}

/** /videos/{id}: the player (or the embed), resumed where the student left it. */
export function VideoPage() {
  const { t } = useTranslation();
  const { videoId = "" } = useParams();
  const video = useVideo(videoId);
  const pick = usePickText();
  const title = video.data ? pick(video.data.title, video.data.titleHi) : null;
  usePageTitle(title?.text ?? null);
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-5 px-4 py-6">
      <QueryContent
        query={video}
        loadingLabel={t("Loading video...")}
        errorTitle={t("Error loading the video")}
      >
        {(data) => (
          <article className="grid gap-4">
            <PageHeader
              title={pick(data.title, data.titleHi).text}
              backTo={
                data.kind === "current_affairs"
                  ? "/current-affairs/videos"
                  : "/student/study-materials/videos"
              }
              backLabel={
                data.kind === "current_affairs"
                  ? t("Back to Current Affairs Videos")
                  : t("Back to Video Lessons")
              }
            />
            <div className="flex flex-wrap gap-1.5 text-xs">
              {data.subjectName ? <Badge variant="outline">{data.subjectName}</Badge> : null}
              {data.topicName ? <Badge variant="outline">{data.topicName}</Badge> : null}
              {data.isFree ? null : <Badge>{t("Premium")}</Badge>}
            </div>
            {data.locked ? (
              <div className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
                {data.posterUrl ? (
                  <img src={data.posterUrl} alt="" className="max-h-64 rounded object-cover" />
                ) : null}
                <LockNotice />
              </div>
            ) : data.source === "upload" ? (
              <UploadedVideoPlayer video={data} title={pick(data.title, data.titleHi).text} />
            ) : (
              <EmbeddedVideo video={data} title={pick(data.title, data.titleHi).text} />
            )}
            {data.description ? (
              <LocalText
                as="p"
                className="whitespace-pre-line"
                english={data.description}
                hindi={data.descriptionHi}
              />
            ) : null}
          </article>
        )}
      </QueryContent>
    </div>
  );
}
