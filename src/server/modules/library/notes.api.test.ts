import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { LIBRARY_MESSAGES, type NoteInput } from "../../../shared/library.ts";
import { PLANS_PATH } from "../../../shared/subscriptions.ts";
import { TAXONOMY_MESSAGES } from "../../../shared/taxonomy.ts";
import { noteBookmarks, noteReads, studyActivity, studyNotes } from "../../db/schema/library.ts";
import { subscriptionPlans, userSubscriptions } from "../../db/schema/subscriptions.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { buildPdf } from "../../lib/simple-pdf.ts";
import { setupTestApp, TEST_ORIGIN, type TestUser } from "../../test/test-app.ts";
import { getStudyStreak } from "../home/home.service.ts";
import { markNoteRead } from "./notes.ts";

const { t, student, other, subscriber, admin } = setupTestApp({
  users: { student: "student", other: "student", subscriber: "student", admin: "admin" },
});

const id: Record<string, string> = {};
const PAST = "2020-01-01T00:00:00.000Z";
const pdfBytes = () =>
  buildPdf([{ texts: [{ x: 56, y: 780, text: "Fundamental Rights: summary", size: 14 }] }]);

/** The admin form: the note as JSON in `data`, the PDF (if any) in `file`. */
async function sendNote(
  method: "POST" | "PUT",
  path: string,
  data: unknown,
  user: TestUser = admin,
  file?: { bytes: Buffer; name: string; type?: string },
) {
  const form = new FormData();
  form.append("data", typeof data === "string" ? data : JSON.stringify(data));
  if (file) {
    form.append(
      "file",
      new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "application/pdf" }),
    );
  }
  return t.app.request(
    path,
    { method, body: form, headers: { origin: TEST_ORIGIN, cookie: user.cookie } },
    { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
  );
}

const note = (overrides: Partial<NoteInput> = {}): NoteInput => ({
  kind: "notes",
  title: "Untitled",
  body: "<p>Some text.</p>",
  subjectId: id.polity ?? null,
  isFree: true,
  publishedAt: PAST,
  ...overrides,
});

async function createNote(overrides: Partial<NoteInput> = {}, file?: Buffer) {
  const response = await sendNote(
    "POST",
    "/api/admin/notes",
    note(overrides),
    admin,
    file ? { bytes: file, name: "notes.pdf" } : undefined,
  );
  const body = await response.json();
  if (response.status !== 201) throw new Error(`create failed: ${JSON.stringify(body)}`);
  return body as { id: string; pdfUrl: string | null };
}

async function get<T = Record<string, unknown>>(path: string, user: TestUser = student) {
  const response = await t.request(path, { cookie: user.cookie });
  return { status: response.status, body: (await response.json()) as T };
}

type ListBody = { items: { id: string; title: string; locked: boolean }[]; total: number };
const titles = (body: ListBody) => body.items.map((i) => i.title);
const allNotes = () => t.db.select().from(studyNotes).orderBy(studyNotes.id);

beforeAll(async () => {
  const [polity, history, other] = await t.db
    .insert(subjects)
    .values([
      { name: "Notes Polity", sortOrder: 1 },
      { name: "Notes History", sortOrder: 2 },
      { name: "Notes Economy", sortOrder: 3 },
    ])
    .returning();
  if (!polity || !history || !other) throw new Error("no subjects");
  const [rights, modern] = await t.db
    .insert(topics)
    .values([
      { subjectId: polity.id, name: "Fundamental Rights" },
      { subjectId: history.id, name: "Modern India" },
    ])
    .returning();
  if (!rights || !modern) throw new Error("no topics");
  Object.assign(id, {
    polity: polity.id,
    history: history.id,
    economy: other.id,
    rights: rights.id,
    modern: modern.id,
  });
  const [plan] = await t.db.insert(subscriptionPlans).values({ name: "Notes plan" }).returning();
  if (!plan) throw new Error("no plan");
  await t.db.insert(userSubscriptions).values({
    userId: subscriber.id,
    planId: plan.id,
    status: "active",
    startDate: new Date(PAST),
    endDate: null,
    planName: "Notes plan",
  });
});

describe("admin notes: create, edit, delete", () => {
  it("creates a note with sanitised HTML, its plain text and a summary", async () => {
    const created = await createNote({
      title: "Writs under Article 32",
      body: '<p>Habeas corpus <script>alert(1)</script><img src="javascript:x" onerror="y"></p>',
      topicId: id.rights,
    });
    const [row] = await t.db.select().from(studyNotes).where(eq(studyNotes.id, created.id));
    expect(row?.body).toBe("<p>Habeas corpus </p>");
    expect(row?.bodyText).toBe("Habeas corpus");
    expect(row?.summary).toBe("Habeas corpus");
    expect(row?.topicId).toBe(id.rights);
    expect(row?.wordCount).toBe(2);
  });

  it("refuses a student (403) and changes nothing", async () => {
    const before = await allNotes();
    const response = await sendNote("POST", "/api/admin/notes", note({ title: "Sneaky" }), student);
    expect(response.status).toBe(403);
    const existing = before[0];
    if (!existing) throw new Error("no note");
    const put = await sendNote("PUT", `/api/admin/notes/${existing.id}`, note(), student);
    expect(put.status).toBe(403);
    const del = await t.request(`/api/admin/notes/${existing.id}`, {
      method: "DELETE",
      cookie: student.cookie,
    });
    expect(del.status).toBe(403);
    expect((await t.request("/api/admin/notes", { cookie: student.cookie })).status).toBe(403);
    expect(await allNotes()).toEqual(before);
  });

  it("answers 422 for bad input and changes nothing", async () => {
    const before = await allNotes();
    const cases: [unknown, string][] = [
      [note({ title: "  " }), LIBRARY_MESSAGES.titleRequired],
      [note({ body: "", title: "Empty" }), LIBRARY_MESSAGES.bodyOrPdf],
      // Only markup the sanitiser drops: still no body.
      [note({ body: "<script>x</script>", title: "Script" }), LIBRARY_MESSAGES.bodyOrPdf],
      [note({ subjectId: null }), LIBRARY_MESSAGES.subjectRequired],
      [
        note({ kind: "current_affairs", subjectId: null, month: null }),
        LIBRARY_MESSAGES.monthRequired,
      ],
      [note({ topicId: id.modern }), TAXONOMY_MESSAGES.topicNotInSubject],
      [note({ subjectId: crypto.randomUUID() }), TAXONOMY_MESSAGES.unknownSubject],
      ["{not json", LIBRARY_MESSAGES.invalidData],
    ];
    for (const [data, message] of cases) {
      const response = await sendNote("POST", "/api/admin/notes", data);
      expect(response.status, JSON.stringify(data)).toBe(422);
      expect((await response.json()).error.message).toBe(message);
    }
    const notPdf = await sendNote("POST", "/api/admin/notes", note({ body: "" }), admin, {
      bytes: Buffer.from("%PDX this is not a pdf"),
      name: "fake.pdf",
    });
    expect(notPdf.status).toBe(422);
    expect(await allNotes()).toEqual(before);
    expect(await t.storage.get("study_files", "missing.pdf")).toBeNull();
  });

  it("stores a PDF privately, replaces it on edit and deletes it with the note", async () => {
    const created = await createNote({ title: "PDF only", body: "" }, pdfBytes());
    const [row] = await t.db.select().from(studyNotes).where(eq(studyNotes.id, created.id));
    const firstKey = row?.pdfKey;
    if (!firstKey) throw new Error("no pdf key");
    expect(await t.storage.get("study_files", firstKey)).not.toBeNull();
    // Never from the public /storage route.
    expect((await t.request(`/storage/study_files/${firstKey}`)).status).toBe(404);

    // An edit without a file keeps the PDF; removing it with no body is refused.
    const kept = await sendNote(
      "PUT",
      `/api/admin/notes/${created.id}`,
      note({ title: "PDF only", body: "" }),
    );
    expect(kept.status).toBe(200);
    const refused = await sendNote(
      "PUT",
      `/api/admin/notes/${created.id}`,
      note({ title: "PDF only", body: "", removePdf: true }),
    );
    expect(refused.status).toBe(422);
    expect(await t.storage.get("study_files", firstKey)).not.toBeNull();

    const replaced = await sendNote(
      "PUT",
      `/api/admin/notes/${created.id}`,
      note({ title: "PDF only" }),
      admin,
      { bytes: pdfBytes(), name: "second.pdf" },
    );
    expect(replaced.status).toBe(200);
    const [after] = await t.db.select().from(studyNotes).where(eq(studyNotes.id, created.id));
    expect(after?.pdfKey).not.toBe(firstKey);
    expect(await t.storage.get("study_files", firstKey)).toBeNull();

    const deleted = await t.request(`/api/admin/notes/${created.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(deleted.status).toBe(200);
    expect(await t.storage.get("study_files", after?.pdfKey ?? "")).toBeNull();
    expect(await t.db.select().from(studyNotes).where(eq(studyNotes.id, created.id))).toEqual([]);
    const again = await t.request(`/api/admin/notes/${created.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(again.status).toBe(404);
  });

  it("lists every note for the admin, drafts included, searched by title", async () => {
    await createNote({ title: "Draft about tariffs", publishedAt: null });
    const { status, body } = await get<ListBody>("/api/admin/notes?search=tariffs", admin);
    expect(status).toBe(200);
    expect(titles(body)).toEqual(["Draft about tariffs"]);
  });

  it("keeps a note's subject when its topic is deleted", async () => {
    const [topic] = await t.db
      .insert(topics)
      .values({ subjectId: id.polity ?? "", name: "Short-lived" })
      .returning();
    const created = await createNote({ title: "Topic goes away", topicId: topic?.id });
    await t.db.delete(topics).where(eq(topics.id, topic?.id ?? ""));
    const [row] = await t.db.select().from(studyNotes).where(eq(studyNotes.id, created.id));
    expect(row?.topicId).toBeNull();
    expect(row?.subjectId).toBe(id.polity);
  });
});

describe("students' notes", () => {
  const made: Record<string, string> = {};
  beforeAll(async () => {
    made.titleHit = (
      await createNote({
        title: "Election Commission of India",
        body: "<p>A constitutional body under Article 324.</p>",
        subjectId: id.polity,
        publishedAt: "2021-01-01T00:00:00.000Z",
      })
    ).id;
    made.bodyHit = (
      await createNote({
        title: "Representation of the People Act",
        body: "<p>Free and fair elections are run by the commission; electoral rolls.</p>",
        subjectId: id.polity,
        publishedAt: "2021-01-02T00:00:00.000Z",
      })
    ).id;
    made.hindi = (
      await createNote({
        title: "Revolt of 1857",
        titleHi: "1857 का विद्रोह",
        body: "<p>The first war of independence.</p>",
        bodyHi: "<p>स्वतंत्रता का पहला संग्राम, मेरठ से आरंभ।</p>",
        subjectId: id.history,
        topicId: id.modern,
      })
    ).id;
    made.premium = (
      await createNote(
        {
          title: "Premium budget analysis",
          body: "<p>Fiscal deficit secrets of the budget.</p>",
          subjectId: id.economy,
          isFree: false,
        },
        pdfBytes(),
      )
    ).id;
    made.draft = (await createNote({ title: "Unpublished plan", publishedAt: null })).id;
    made.future = (
      await createNote({ title: "Scheduled later", publishedAt: "2999-01-01T00:00:00.000Z" })
    ).id;
    made.compilation = (
      await createNote({
        kind: "current_affairs",
        title: "Current Affairs: October",
        month: "2026-10",
        subjectId: null,
      })
    ).id;
  });

  it("is closed to visitors and mentors", async () => {
    expect((await t.request("/api/notes")).status).toBe(401);
    const mentor = await t.createUser("mentor");
    expect((await get("/api/notes", mentor)).status).toBe(403);
  });

  it("lists published notes only, filtered by subject, topic and kind", async () => {
    const all = await get<ListBody>("/api/notes?pageSize=100");
    expect(all.status).toBe(200);
    expect(titles(all.body)).not.toContain("Unpublished plan");
    expect(titles(all.body)).not.toContain("Scheduled later");
    const history = await get<ListBody>(`/api/notes?subjectId=${id.history}`);
    expect(titles(history.body)).toEqual(["Revolt of 1857"]);
    const modern = await get<ListBody>(`/api/notes?topicId=${id.modern}`);
    expect(titles(modern.body)).toEqual(["Revolt of 1857"]);
    const monthly = await get<ListBody & { items: { month: string }[] }>(
      "/api/notes?kind=current_affairs",
    );
    expect(titles(monthly.body)).toEqual(["Current Affairs: October"]);
    expect(monthly.body.items[0]?.month).toBe("2026-10");
    // Drafts and scheduled notes do not exist for a student.
    expect((await get(`/api/notes/${made.draft}`)).status).toBe(404);
    expect((await get(`/api/notes/${made.future}`)).status).toBe(404);
  });

  it("finds a word in the body, stemmed, and ranks a title hit above a body hit", async () => {
    const { body } = await get<ListBody>("/api/notes?q=election%20commission");
    expect(titles(body)).toEqual([
      "Election Commission of India",
      "Representation of the People Act",
    ]);
    const rolls = await get<ListBody>("/api/notes?q=rolls");
    expect(titles(rolls.body)).toEqual(["Representation of the People Act"]);
    const hindi = await get<ListBody>(`/api/notes?q=${encodeURIComponent("मेरठ")}`);
    expect(titles(hindi.body)).toEqual(["Revolt of 1857"]);
    // What people type never fails: quotes, a minus, stop words only, punctuation.
    for (const q of ['"fair elections" -budget', "the", "(((", "a & b | !c"]) {
      expect((await get(`/api/notes?q=${encodeURIComponent(q)}`)).status).toBe(200);
    }
    const excluded = await get<ListBody>(`/api/notes?q=${encodeURIComponent("elections -rolls")}`);
    expect(titles(excluded.body)).toEqual(["Election Commission of India"]);
  });

  it("locks a premium note: no body or PDF in the list or detail, and the plans link", async () => {
    const list = await get<ListBody>(`/api/notes?subjectId=${id.economy}`);
    const listText = JSON.stringify(list.body);
    expect(list.body.items[0]?.locked).toBe(true);
    expect(listText).not.toContain("secrets");
    const detail = await get<Record<string, unknown>>(`/api/notes/${made.premium}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      locked: true,
      body: null,
      bodyHi: null,
      pdfUrl: null,
      plansUrl: PLANS_PATH,
      // A short note's excerpt would be the note itself: no teaser while locked.
      summary: "",
    });
    expect(JSON.stringify(detail.body)).not.toContain("secrets");
    expect(detail.body).not.toHaveProperty("pdfKey");
    const open = await get<Record<string, unknown>>(`/api/notes/${made.premium}`, subscriber);
    expect(open.body).toMatchObject({
      locked: false,
      body: "<p>Fiscal deficit secrets of the budget.</p>",
      pdfUrl: `/api/notes/${made.premium}/pdf`,
    });
    const adminView = await get<Record<string, unknown>>(`/api/notes/${made.premium}`, admin);
    expect(adminView.body.locked).toBe(false);
  });

  it("serves a premium PDF only to those allowed (403 with the plans link)", async () => {
    const refused = await t.request(`/api/notes/${made.premium}/pdf`, { cookie: student.cookie });
    expect(refused.status).toBe(403);
    const error = (await refused.json()).error;
    expect(error.details).toMatchObject({ reason: "PREMIUM_REQUIRED", plansUrl: PLANS_PATH });
    expect((await t.request(`/api/notes/${made.premium}/pdf`)).status).toBe(401);

    const served = await t.request(`/api/notes/${made.premium}/pdf`, { cookie: subscriber.cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-disposition")).toBe(
      'inline; filename="Premium-budget-analysis.pdf"',
    );
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    // A note without a PDF has none to serve.
    expect(
      (await t.request(`/api/notes/${made.titleHit}/pdf`, { cookie: student.cookie })).status,
    ).toBe(404);
  });

  it("bookmarks per student: toggled, filtered, and never another's", async () => {
    const put = await t.request(`/api/notes/${made.hindi}/bookmark`, {
      method: "PUT",
      cookie: student.cookie,
    });
    expect(put.status).toBe(200);
    // Twice is the same.
    await t.request(`/api/notes/${made.hindi}/bookmark`, { method: "PUT", cookie: student.cookie });
    const mine = await get<ListBody & { items: { bookmarked: boolean }[] }>(
      "/api/notes?bookmarked=true",
    );
    expect(titles(mine.body)).toEqual(["Revolt of 1857"]);
    expect(mine.body.items[0]?.bookmarked).toBe(true);
    const theirs = await get<ListBody>("/api/notes?bookmarked=true", other);
    expect(theirs.body.items).toEqual([]);
    // Another student's removal touches only their own (absent) bookmark.
    await t.request(`/api/notes/${made.hindi}/bookmark`, {
      method: "DELETE",
      cookie: other.cookie,
    });
    expect(await t.db.select().from(noteBookmarks)).toHaveLength(1);
    // A draft cannot be bookmarked, nor a note that does not exist.
    for (const noteId of [made.draft, crypto.randomUUID()]) {
      const refused = await t.request(`/api/notes/${noteId}/bookmark`, {
        method: "PUT",
        cookie: other.cookie,
      });
      expect(refused.status).toBe(404);
    }
    expect(await t.db.select().from(noteBookmarks)).toHaveLength(1);
    await t.request(`/api/notes/${made.hindi}/bookmark`, {
      method: "DELETE",
      cookie: student.cookie,
    });
    expect((await get<ListBody>("/api/notes?bookmarked=true")).body.items).toEqual([]);
  });

  it("marks read and unread, with progress per subject, per student", async () => {
    const progress = async (user: TestUser) =>
      (
        await get<{ subjectName: string; read: number; total: number }[]>(
          "/api/notes/progress",
          user,
        )
      ).body;
    const before = await progress(student);
    expect(before.find((p) => p.subjectName === "Notes Polity")).toMatchObject({ read: 0 });
    const polityTotal = before.find((p) => p.subjectName === "Notes Polity")?.total ?? 0;
    expect(polityTotal).toBeGreaterThanOrEqual(2);

    const read = await t.request(`/api/notes/${made.titleHit}/read`, {
      method: "PUT",
      body: { tz: "Asia/Kolkata" },
      cookie: student.cookie,
    });
    expect(read.status).toBe(200);
    expect((await progress(student)).find((p) => p.subjectName === "Notes Polity")).toEqual({
      subjectId: id.polity,
      subjectName: "Notes Polity",
      read: 1,
      total: polityTotal,
    });
    expect((await progress(other)).find((p) => p.subjectName === "Notes Polity")?.read).toBe(0);
    const listed = await get<{ items: { id: string; read: boolean }[] }>(
      `/api/notes?subjectId=${id.polity}&pageSize=100`,
    );
    expect(listed.body.items.find((i) => i.id === made.titleHit)?.read).toBe(true);

    await t.request(`/api/notes/${made.titleHit}/read`, {
      method: "DELETE",
      cookie: student.cookie,
    });
    expect((await progress(student)).find((p) => p.subjectName === "Notes Polity")?.read).toBe(0);

    // A locked note cannot be marked read; nothing is written.
    const rowsBefore = await t.db.select().from(noteReads);
    const locked = await t.request(`/api/notes/${made.premium}/read`, {
      method: "PUT",
      body: {},
      cookie: student.cookie,
    });
    expect(locked.status).toBe(403);
    const missing = await t.request(`/api/notes/${crypto.randomUUID()}/read`, {
      method: "PUT",
      body: {},
      cookie: other.cookie,
    });
    expect(missing.status).toBe(404);
    expect(await t.db.select().from(noteReads)).toEqual(rowsBefore);
  });

  it("counts reading toward the streak once per note, on the student's own day", async () => {
    const reader = await t.createUser("student");
    const at = new Date("2026-03-10T20:00:00Z"); // 01:30 on the 11th in India
    const viewer = { userId: reader.id, role: "student" as const };
    await markNoteRead(t.db, {
      viewer,
      noteId: made.bodyHit ?? "",
      tz: "Asia/Kolkata",
      now: at,
    });
    // Read again after unread: no second credit.
    await t.request(`/api/notes/${made.bodyHit}/read`, { method: "DELETE", cookie: reader.cookie });
    await markNoteRead(t.db, {
      viewer,
      noteId: made.bodyHit ?? "",
      tz: "Asia/Kolkata",
      now: at,
    });
    const rows = await t.db.select().from(studyActivity).where(eq(studyActivity.userId, reader.id));
    // 11 words at 200 a minute: 4 seconds (rounded up).
    expect(rows).toEqual([{ userId: reader.id, day: "2026-03-11", kind: "note", seconds: 4 }]);
    const streak = await getStudyStreak(t.db, {
      userId: reader.id,
      timeZone: "Asia/Kolkata",
      now: at,
    });
    expect(streak.today).toBe("2026-03-11");
    expect(streak.streakDays).toBe(1);
    expect(streak.studiedHours).toBe(0);
  });

  it("gives the Hindi body beside the English", async () => {
    const { body } = await get<Record<string, unknown>>(`/api/notes/${made.hindi}`);
    expect(body).toMatchObject({
      titleHi: "1857 का विद्रोह",
      bodyHi: "<p>स्वतंत्रता का पहला संग्राम, मेरठ से आरंभ।</p>",
      hasHindi: true,
      topicName: "Modern India",
    });
  });

  it("refuses malformed ids and queries with a clear 4xx", async () => {
    expect((await get("/api/notes/not-a-uuid")).status).toBe(404);
    expect((await get("/api/notes?subjectId=nope")).status).toBe(422);
    expect((await get("/api/notes?pageSize=1000")).status).toBe(422);
  });
});
