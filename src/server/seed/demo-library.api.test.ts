import { describe, expect, it } from "vitest";
import { studyNotes, videoLessons } from "../db/schema/library.ts";
import { setupTestApp } from "../test/test-app.ts";
import { seedDemo } from "./demo.ts";
import { DEMO_NOTES } from "./demo-library.ts";

const { t, student } = setupTestApp({ users: { student: "student" } });

describe("the demo notes and videos (decision 043)", () => {
  it("are seeded once, with a PDF, a Hindi note, last month's compilation and a playable upload", async () => {
    await seedDemo(t.db, t.storage);
    await seedDemo(t.db, t.storage);
    const notes = await t.db.select().from(studyNotes);
    expect(notes).toHaveLength(DEMO_NOTES.length);
    expect(notes.filter((n) => n.pdfKey)).toHaveLength(1);
    expect(notes.some((n) => n.bodyHi)).toBe(true);
    expect(notes.some((n) => !n.isFree)).toBe(true);
    expect(notes.every((n) => n.subjectId || n.kind === "current_affairs")).toBe(true);

    const list = await (
      await t.request("/api/notes?kind=current_affairs", { cookie: student.cookie })
    ).json();
    expect(list.items).toHaveLength(1);
    const now = new Date();
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    expect(list.items[0].month).toBe(last.toISOString().slice(0, 7));

    const videos = await t.db.select().from(videoLessons);
    expect(videos.map((v) => v.source).sort()).toEqual(["upload", "vimeo", "youtube"]);
    const upload = videos.find((v) => v.source === "upload");
    const file = await t.request(`/api/videos/${upload?.id}/file`, {
      cookie: student.cookie,
      headers: { range: "bytes=0-3" },
    });
    expect(file.status).toBe(206);
    // The EBML magic number of a WebM file.
    expect(Buffer.from(await file.arrayBuffer()).toString("hex")).toBe("1a45dfa3");
  });
});
