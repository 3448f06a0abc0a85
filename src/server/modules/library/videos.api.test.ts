import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LIBRARY_MESSAGES,
  parseVideoEmbed,
  type VideoInput,
  videoEmbedUrl,
} from "../../../shared/library.ts";
import { VIDEO_EMBED_HOSTS } from "../../../shared/rich-text.ts";
import { PLANS_PATH } from "../../../shared/subscriptions.ts";
import { studyActivity, videoLessons, videoProgress } from "../../db/schema/library.ts";
import { subscriptionPlans, userSubscriptions } from "../../db/schema/subscriptions.ts";
import { subjects } from "../../db/schema/taxonomy.ts";
import { createS3Storage } from "../../storage/s3-storage.ts";
import { resolveRange } from "../../storage/serve-file.ts";
import {
  createTestContext,
  setupTestApp,
  TEST_ORIGIN,
  type TestContext,
  type TestUser,
} from "../../test/test-app.ts";
import { makeImage, uploadFile } from "../../test/upload.ts";
import { getStudyStreak } from "../home/home.service.ts";
import { reportVideoProgress, setVideoWatched } from "./videos.ts";

const WEBM = readFileSync(path.join(import.meta.dirname, "../../../../test/fixtures/lesson.webm"));
const PAST = "2020-01-01T00:00:00.000Z";
const env = { incoming: { socket: { remoteAddress: "127.0.0.1" } } };

const { t, student, other, subscriber, admin } = setupTestApp({
  users: { student: "student", other: "student", subscriber: "student", admin: "admin" },
});
let subjectId = "";

beforeAll(async () => {
  const [subject] = await t.db.insert(subjects).values({ name: "Video Geography" }).returning();
  subjectId = subject?.id ?? "";
  const [plan] = await t.db.insert(subscriptionPlans).values({ name: "Video plan" }).returning();
  await t.db.insert(userSubscriptions).values({
    userId: subscriber.id,
    planId: plan?.id,
    status: "active",
    startDate: new Date(PAST),
    endDate: null,
    planName: "Video plan",
  });
});

const lesson = (overrides: Partial<VideoInput> = {}): VideoInput => ({
  kind: "lesson",
  title: "Monsoon mechanism",
  subjectId,
  isFree: true,
  publishedAt: PAST,
  source: "upload",
  durationSeconds: 100,
  ...overrides,
});

async function createVideo(ctx: TestContext, user: TestUser, input: VideoInput) {
  const response = await ctx.request("/api/admin/videos", { body: input, cookie: user.cookie });
  return { status: response.status, body: await response.json() };
}

/** PUT the raw bytes, as the admin page's upload does. */
function putFile(ctx: TestContext, user: TestUser, videoId: string, bytes: Uint8Array) {
  return ctx.app.request(
    `/api/admin/videos/${videoId}/file`,
    {
      method: "PUT",
      body: new Uint8Array(bytes),
      headers: {
        origin: TEST_ORIGIN,
        cookie: user.cookie,
        "content-type": "application/octet-stream",
        "content-length": String(bytes.byteLength),
      },
    },
    env,
  );
}

function fetchFile(ctx: TestContext, user: TestUser, videoId: string, range?: string) {
  return ctx.request(`/api/videos/${videoId}/file`, {
    cookie: user.cookie,
    headers: range ? { range } : {},
  });
}

const allVideos = () => t.db.select().from(videoLessons).orderBy(videoLessons.id);

describe("embeds", () => {
  it("parses YouTube and Vimeo links to provider and id, and builds allowed embed URLs", () => {
    const cases: [string, ReturnType<typeof parseVideoEmbed>][] = [
      ["https://www.youtube.com/watch?v=M7lc1UVf-VE&t=3", { source: "youtube", id: "M7lc1UVf-VE" }],
      ["https://youtu.be/M7lc1UVf-VE", { source: "youtube", id: "M7lc1UVf-VE" }],
      ["https://www.youtube.com/embed/M7lc1UVf-VE", { source: "youtube", id: "M7lc1UVf-VE" }],
      ["https://vimeo.com/76979871", { source: "vimeo", id: "76979871" }],
      ["https://player.vimeo.com/video/76979871", { source: "vimeo", id: "76979871" }],
      ["https://evil.example/watch?v=M7lc1UVf-VE", null],
      ["javascript:alert(1)", null],
      ["https://www.youtube.com/watch?v=<script>", null],
    ];
    for (const [url, expected] of cases) expect(parseVideoEmbed(url), url).toEqual(expected);
    // The embed hosts are the rich-text sanitiser's allow-list (and the CSP's frame-src).
    for (const url of [videoEmbedUrl("youtube", "abcdef"), videoEmbedUrl("vimeo", "123456")]) {
      expect(VIDEO_EMBED_HOSTS).toContain(new URL(url).hostname);
    }
    expect(videoEmbedUrl("youtube", "abcdef")).toBe(
      "https://www.youtube-nocookie.com/embed/abcdef",
    );
  });

  it("stores a YouTube link as provider and id, and gives the embed only to those allowed", async () => {
    const free = await createVideo(t, admin, {
      ...lesson({ title: "Embedded free", source: "embed" }),
      embedUrl: "https://www.youtube.com/watch?v=M7lc1UVf-VE",
    });
    expect(free.status).toBe(201);
    const [row] = await t.db.select().from(videoLessons).where(eq(videoLessons.id, free.body.id));
    expect(row).toMatchObject({ source: "youtube", embedId: "M7lc1UVf-VE", fileKey: null });
    const view = await t.request(`/api/videos/${free.body.id}`, { cookie: student.cookie });
    expect(await view.json()).toMatchObject({
      embedUrl: "https://www.youtube-nocookie.com/embed/M7lc1UVf-VE",
      fileUrl: null,
      locked: false,
    });

    const premium = await createVideo(t, admin, {
      ...lesson({ title: "Embedded premium", source: "embed", isFree: false }),
      embedUrl: "https://vimeo.com/76979871",
    });
    const locked = await (
      await t.request(`/api/videos/${premium.body.id}`, { cookie: student.cookie })
    ).json();
    expect(locked).toMatchObject({ locked: true, embedUrl: null, plansUrl: PLANS_PATH });
    const open = await (
      await t.request(`/api/videos/${premium.body.id}`, { cookie: subscriber.cookie })
    ).json();
    expect(open.embedUrl).toBe("https://player.vimeo.com/video/76979871");
  });

  it("lets the student mark an embed watched: credited to the streak once", async () => {
    const created = await createVideo(t, admin, {
      ...lesson({ title: "Embed for streak", source: "embed", durationSeconds: 600 }),
      embedUrl: "https://youtu.be/abcdefghijk",
    });
    const watcher = await t.createUser("student");
    const viewer = { userId: watcher.id, role: "student" as const };
    const at = new Date("2026-05-01T06:00:00Z");
    await setVideoWatched(t.db, {
      viewer,
      videoId: created.body.id,
      watched: true,
      tz: "UTC",
      now: at,
    });
    await setVideoWatched(t.db, {
      viewer,
      videoId: created.body.id,
      watched: false,
      now: at,
    });
    await setVideoWatched(t.db, {
      viewer,
      videoId: created.body.id,
      watched: true,
      tz: "UTC",
      now: at,
    });
    const rows = await t.db
      .select()
      .from(studyActivity)
      .where(eq(studyActivity.userId, watcher.id));
    expect(rows).toEqual([{ userId: watcher.id, day: "2026-05-01", kind: "video", seconds: 600 }]);
    const streak = await getStudyStreak(t.db, { userId: watcher.id, timeZone: "UTC", now: at });
    expect(streak).toMatchObject({ streakDays: 1, studiedHours: 0.17 });
  });
});

describe("admin videos", () => {
  it("refuses students and bad input, changing nothing", async () => {
    const before = await allVideos();
    expect((await createVideo(t, student, lesson())).status).toBe(403);
    const cases: [VideoInput, string][] = [
      [lesson({ title: "" }), LIBRARY_MESSAGES.titleRequired],
      [lesson({ source: "embed" }), LIBRARY_MESSAGES.embedUrl],
      [
        { ...lesson({ source: "embed" }), embedUrl: "https://example.com/x" },
        LIBRARY_MESSAGES.embedUrl,
      ],
      [lesson({ subjectId: null }), LIBRARY_MESSAGES.subjectRequired],
    ];
    for (const [input, message] of cases) {
      const response = await createVideo(t, admin, input);
      expect(response.status, JSON.stringify(input)).toBe(422);
      expect(response.body.error.message).toBe(message);
    }
    expect(await allVideos()).toEqual(before);
    const someVideo = before[0];
    if (someVideo) {
      expect((await putFile(t, student, someVideo.id, WEBM)).status).toBe(403);
      const del = await t.request(`/api/admin/videos/${someVideo.id}`, {
        method: "DELETE",
        cookie: student.cookie,
      });
      expect(del.status).toBe(403);
    }
    expect(await allVideos()).toEqual(before);
  });

  it("checks the upload by its bytes, replaces the file, and deletes files with the lesson", async () => {
    const created = await createVideo(t, admin, lesson({ title: "Upload lifecycle" }));
    const videoId = created.body.id as string;
    // Not published to students until its file is there.
    expect((await t.request(`/api/videos/${videoId}`, { cookie: student.cookie })).status).toBe(
      404,
    );

    const fake = await putFile(t, admin, videoId, Buffer.from("this is not a video at all"));
    expect(fake.status).toBe(422);
    expect((await fake.json()).error.message).toBe(LIBRARY_MESSAGES.notVideo);
    const noLength = await t.app.request(
      `/api/admin/videos/${videoId}/file`,
      {
        method: "PUT",
        body: new Uint8Array(WEBM),
        headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
      },
      env,
    );
    expect(noLength.status).toBe(400);
    const tooBig = await t.app.request(
      `/api/admin/videos/${videoId}/file`,
      {
        method: "PUT",
        body: new Uint8Array(WEBM),
        headers: {
          origin: TEST_ORIGIN,
          cookie: admin.cookie,
          "content-length": String(600 * 1024 * 1024),
        },
      },
      env,
    );
    expect(tooBig.status).toBe(413);
    const [unchanged] = await t.db.select().from(videoLessons).where(eq(videoLessons.id, videoId));
    expect(unchanged?.fileKey).toBeNull();

    const first = await putFile(t, admin, videoId, WEBM);
    expect(first.status).toBe(200);
    const [stored] = await t.db.select().from(videoLessons).where(eq(videoLessons.id, videoId));
    expect(stored).toMatchObject({ fileType: "video/webm", fileBytes: WEBM.length });
    const firstKey = stored?.fileKey ?? "";
    expect((await t.request(`/storage/study_files/${firstKey}`)).status).toBe(404);

    expect((await putFile(t, admin, videoId, WEBM)).status).toBe(200);
    const [replaced] = await t.db.select().from(videoLessons).where(eq(videoLessons.id, videoId));
    expect(replaced?.fileKey).not.toBe(firstKey);
    expect(await t.storage.stat("study_files", firstKey)).toBeNull();

    const poster = await uploadFile(
      t,
      `/api/admin/videos/${videoId}/poster`,
      { bytes: await makeImage(64, 36, "jpeg"), name: "poster.jpg", type: "image/jpeg" },
      admin.cookie,
    );
    expect(poster.status).toBe(200);
    const posterUrl = (await poster.json()).posterUrl as string;
    expect(posterUrl).toMatch(/^\/storage\/video_posters\//);
    expect((await t.request(posterUrl)).status).toBe(200);
    const badPoster = await uploadFile(
      t,
      `/api/admin/videos/${videoId}/poster`,
      { bytes: await makeImage(10, 10, "png"), name: "x.gif", type: "image/gif" },
      student.cookie,
    );
    expect(badPoster.status).toBe(403);

    // Switching to an embed drops the stored file.
    const switched = await t.request(`/api/admin/videos/${videoId}`, {
      method: "PUT",
      body: {
        ...lesson({ title: "Upload lifecycle", source: "embed" }),
        embedUrl: "https://vimeo.com/123456",
      },
      cookie: admin.cookie,
    });
    expect(switched.status).toBe(200);
    expect(await t.storage.stat("study_files", replaced?.fileKey ?? "")).toBeNull();
    expect((await putFile(t, admin, videoId, WEBM)).status).toBe(409);

    const deleted = await t.request(`/api/admin/videos/${videoId}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(deleted.status).toBe(200);
    expect((await t.request(posterUrl)).status).toBe(404);
    expect(await t.db.select().from(videoLessons).where(eq(videoLessons.id, videoId))).toEqual([]);
  });
});

describe("the video file route", () => {
  let freeId = "";
  let premiumId = "";
  beforeAll(async () => {
    freeId = (await createVideo(t, admin, lesson({ title: "Ranged free" }))).body.id;
    premiumId = (await createVideo(t, admin, lesson({ title: "Ranged premium", isFree: false })))
      .body.id;
    for (const id of [freeId, premiumId])
      expect((await putFile(t, admin, id, WEBM)).status).toBe(200);
  });

  it("answers 200 with the whole file and Accept-Ranges without a Range header", async () => {
    const response = await fetchFile(t, student, freeId);
    expect(response.status).toBe(200);
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("content-type")).toBe("video/webm");
    expect(response.headers.get("content-length")).toBe(String(WEBM.length));
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer()).equals(WEBM)).toBe(true);
  });

  it("answers ranges with 206 and the exact bytes, and 416 past the end", async () => {
    const size = WEBM.length;
    const cases: [string, number, number][] = [
      ["bytes=0-99", 0, 99],
      ["bytes=100-", 100, size - 1],
      ["bytes=-500", size - 500, size - 1],
      [`bytes=10-${size + 1000}`, 10, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await fetchFile(t, student, freeId, range);
      expect(response.status, range).toBe(206);
      expect(response.headers.get("content-range")).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers.get("content-length")).toBe(String(end - start + 1));
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.equals(WEBM.subarray(start, end + 1)), range).toBe(true);
    }
    const past = await fetchFile(t, student, freeId, `bytes=${size}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${size}`);
    // A header that does not parse is ignored: the whole file.
    expect((await fetchFile(t, student, freeId, "bytes=abc")).status).toBe(200);
  });

  it("refuses a premium file to a student without a plan (403, plans link), serves a subscriber", async () => {
    const refused = await fetchFile(t, student, premiumId, "bytes=0-10");
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.details).toMatchObject({
      reason: "PREMIUM_REQUIRED",
      plansUrl: PLANS_PATH,
    });
    expect((await t.request(`/api/videos/${premiumId}/file`)).status).toBe(401);
    const served = await fetchFile(t, subscriber, premiumId, "bytes=0-10");
    expect(served.status).toBe(206);
    expect((await fetchFile(t, admin, premiumId)).status).toBe(200);
    const detail = await (
      await t.request(`/api/videos/${premiumId}`, { cookie: student.cookie })
    ).json();
    expect(detail).toMatchObject({ locked: true, fileUrl: null });
  });

  it("resolves Range headers by the RFC's rules", () => {
    expect(resolveRange(undefined, 10)).toBeNull();
    expect(resolveRange("bytes=0-0", 10)).toEqual({ start: 0, end: 0 });
    expect(resolveRange("bytes=-0", 10)).toBe("unsatisfiable");
    expect(resolveRange("bytes=-20", 10)).toEqual({ start: 0, end: 9 });
    expect(resolveRange("bytes=5-2", 10)).toBeNull();
    expect(resolveRange("bytes=0-1,4-5", 10)).toBeNull();
    expect(resolveRange("items=0-1", 10)).toBeNull();
    expect(resolveRange("bytes=0-", 0)).toBe("unsatisfiable");
  });
});

describe("watch progress", () => {
  let videoId = "";
  beforeAll(async () => {
    videoId = (
      await createVideo(t, admin, lesson({ title: "Progress lesson", durationSeconds: 100 }))
    ).body.id;
    expect((await putFile(t, admin, videoId, WEBM)).status).toBe(200);
  });

  it("saves the position and resumes there, per student", async () => {
    const report = await t.request(`/api/videos/${videoId}/progress`, {
      body: { positionSeconds: 42.7, watchedSeconds: 0, tz: "Asia/Kolkata" },
      cookie: student.cookie,
    });
    expect(report.status).toBe(200);
    const mine = await (
      await t.request(`/api/videos/${videoId}`, { cookie: student.cookie })
    ).json();
    expect(mine.progress).toMatchObject({ positionSeconds: 42, completed: false });
    const theirs = await (
      await t.request(`/api/videos/${videoId}`, { cookie: other.cookie })
    ).json();
    expect(theirs.progress).toMatchObject({ positionSeconds: 0 });
    const listed = await (
      await t.request(`/api/videos?subjectId=${subjectId}&pageSize=100`, { cookie: student.cookie })
    ).json();
    expect(listed.items.find((v: { id: string }) => v.id === videoId)?.positionSeconds).toBe(42);
    // Bad reports change nothing.
    const before = await t.db.select().from(videoProgress);
    for (const body of [{ positionSeconds: -1 }, { positionSeconds: "x" }, {}]) {
      const bad = await t.request(`/api/videos/${videoId}/progress`, {
        body,
        cookie: student.cookie,
      });
      expect(bad.status).toBe(422);
    }
    const missing = await t.request(`/api/videos/${crypto.randomUUID()}/progress`, {
      body: { positionSeconds: 1 },
      cookie: other.cookie,
    });
    expect(missing.status).toBe(404);
    expect(await t.db.select().from(videoProgress)).toEqual(before);
  });

  it("caps the credited seconds per report, completes at 90 % and counts toward the streak", async () => {
    const watcher = await t.createUser("student");
    const viewer = { userId: watcher.id, role: "student" as const };
    const start = new Date("2026-06-01T10:00:00Z");
    const at = (s: number) => new Date(start.getTime() + s * 1000);
    const send = (s: number, positionSeconds: number, watchedSeconds: number) =>
      reportVideoProgress(t.db, {
        viewer,
        videoId,
        report: { positionSeconds, watchedSeconds, durationSeconds: null, tz: "UTC" },
        now: at(s),
      });
    await send(0, 0, 0); // opened
    // A claim of ten hours 15 s later earns at most the 15 s (plus a little) that passed.
    expect((await send(15, 15, 36_000)).watchedSeconds).toBe(17);
    // The report cap holds even after a long gap.
    expect((await send(1000, 60, 900)).watchedSeconds).toBe(77);
    const done = await send(1015, 95, 15);
    expect(done).toMatchObject({ watchedSeconds: 92, completed: true, positionSeconds: 95 });
    const rows = await t.db
      .select()
      .from(studyActivity)
      .where(eq(studyActivity.userId, watcher.id));
    expect(rows).toEqual([{ userId: watcher.id, day: "2026-06-01", kind: "video", seconds: 92 }]);
    const streak = await getStudyStreak(t.db, {
      userId: watcher.id,
      timeZone: "UTC",
      now: at(1100),
    });
    expect(streak.streakDays).toBe(1);
    expect(streak.studiedHours).toBe(0.03);
  });

  it("refuses progress on a premium lesson the student may not open", async () => {
    const premium = await createVideo(t, admin, {
      ...lesson({ title: "Premium progress", source: "embed", isFree: false }),
      embedUrl: "https://youtu.be/zzzzzzzzzzz",
    });
    const refused = await t.request(`/api/videos/${premium.body.id}/progress`, {
      body: { positionSeconds: 5, watchedSeconds: 5 },
      cookie: student.cookie,
    });
    expect(refused.status).toBe(403);
    const watched = await t.request(`/api/videos/${premium.body.id}/watched`, {
      method: "PUT",
      body: {},
      cookie: student.cookie,
    });
    expect(watched.status).toBe(403);
    expect(
      await t.db.select().from(videoProgress).where(eq(videoProgress.videoId, premium.body.id)),
    ).toEqual([]);
  });

  it("lists current-affairs videos apart from subject lessons", async () => {
    await createVideo(t, admin, {
      ...lesson({
        kind: "current_affairs",
        title: "This week in current affairs",
        subjectId: null,
        source: "embed",
      }),
      embedUrl: "https://youtu.be/caweek12345",
    });
    const ca = await (
      await t.request("/api/videos?kind=current_affairs", { cookie: student.cookie })
    ).json();
    expect(ca.items.map((v: { title: string }) => v.title)).toEqual([
      "This week in current affairs",
    ]);
  });
});

describe("ranges on the S3 driver", () => {
  let server: S3rver;
  let directory: string;
  let s3: TestContext;
  let s3Admin: TestUser;
  let s3Student: TestUser;
  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), "s3rver-video-"));
    server = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: "upsc-video", configs: [] }],
    });
    const address = await server.run();
    s3 = await createTestContext({
      storage: createS3Storage({
        bucket: "upsc-video",
        region: "us-east-1",
        endpoint: `http://127.0.0.1:${address.port}`,
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
      }),
    });
    s3Admin = await s3.createUser("admin");
    s3Student = await s3.createUser("student");
  });
  afterAll(async () => {
    await s3?.close();
    await server?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it("streams the upload to the bucket and serves 200, 206 and 416", async () => {
    const [subject] = await s3.db.insert(subjects).values({ name: "S3 subject" }).returning();
    const created = await createVideo(s3, s3Admin, lesson({ subjectId: subject?.id ?? null }));
    expect(created.status).toBe(201);
    expect((await putFile(s3, s3Admin, created.body.id, WEBM)).status).toBe(200);
    const whole = await fetchFile(s3, s3Student, created.body.id);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(WEBM)).toBe(true);
    const part = await fetchFile(s3, s3Student, created.body.id, "bytes=100-199");
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${WEBM.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(WEBM.subarray(100, 200))).toBe(true);
    const suffix = await fetchFile(s3, s3Student, created.body.id, "bytes=-10");
    expect(Buffer.from(await suffix.arrayBuffer()).equals(WEBM.subarray(WEBM.length - 10))).toBe(
      true,
    );
    expect(
      (await fetchFile(s3, s3Student, created.body.id, `bytes=${WEBM.length + 5}-`)).status,
    ).toBe(416);
  });
});
