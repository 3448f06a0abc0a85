import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { courseEnrollments, courseItems, courses, planCourses } from "../../db/schema/courses.ts";
import { examAttempts } from "../../db/schema/exams.ts";
import { noteReads, studyNotes, videoLessons, videoProgress } from "../../db/schema/library.ts";
import { liveClasses } from "../../db/schema/live-classes.ts";
import { subscriptionPlans } from "../../db/schema/subscriptions.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { testClientDir } from "../../test/client-dir.ts";
import { activateTestPlan, createExamFixture, createQuizFixture } from "../../test/fixtures.ts";
import { setupTestApp, type TestUser } from "../../test/test-app.ts";

const clientDir = testClientDir();
const { t, admin, student, other } = setupTestApp({
  clientDir,
  users: { admin: "admin", student: "student", other: "student" },
});

let n = 0;
const yesterday = () => new Date(Date.now() - 86_400_000);

/** One of each thing a course can hold, published. */
async function material() {
  n += 1;
  const [subject] = await t.db
    .insert(subjects)
    .values({ name: `Polity C${n}` })
    .returning();
  const [topic] = await t.db
    .insert(topics)
    .values({ subjectId: subject!.id, name: "Parliament" })
    .returning();
  const [note] = await t.db
    .insert(studyNotes)
    .values({
      title: `Parliament notes ${n}`,
      body: "<p>The Lok Sabha and the Rajya Sabha.</p>",
      bodyText: "The Lok Sabha and the Rajya Sabha.",
      subjectId: subject!.id,
      publishedAt: yesterday(),
    })
    .returning();
  const [draftNote] = await t.db
    .insert(studyNotes)
    .values({ title: `Draft ${n}`, body: "<p>x</p>", bodyText: "x", publishedAt: null })
    .returning();
  const [video] = await t.db
    .insert(videoLessons)
    .values({
      title: `Parliament video ${n}`,
      source: "youtube",
      embedId: "dQw4w9WgXcQ",
      publishedAt: yesterday(),
    })
    .returning();
  const [liveClass] = await t.db
    .insert(liveClasses)
    .values({
      title: `Parliament live ${n}`,
      teacher: "T",
      startsAt: new Date(Date.now() + 3_600_000),
      durationMinutes: 60,
      joinUrl: "https://meet.example.org/x",
    })
    .returning();
  const { exam } = await createExamFixture(t.db, { questionCount: 2 });
  const { quiz } = await createQuizFixture(t.db, { questionCount: 2 });
  return {
    subject: subject!,
    topic: topic!,
    note: note!,
    draftNote: draftNote!,
    video: video!,
    liveClass: liveClass!,
    exam,
    quiz,
  };
}

type Material = Awaited<ReturnType<typeof material>>;

function courseBody(m: Material, overrides: Record<string, unknown> = {}) {
  return {
    slug: `parliament-${n}`,
    title: `Parliament in depth ${n}`,
    summary: "Everything about Parliament, step by step.",
    description: '<p>Read, watch, practise.</p><script>alert("x")</script>',
    isFree: true,
    isPublished: true,
    modules: [
      {
        title: "Read and watch",
        items: [
          { kind: "note", id: m.note.id },
          { kind: "note", id: m.draftNote.id },
          { kind: "video", id: m.video.id },
          { kind: "live_class", id: m.liveClass.id },
        ],
      },
      {
        title: "Test yourself",
        items: [
          { kind: "exam", id: m.exam.id },
          { kind: "quiz", id: m.quiz.id },
          { kind: "practice", subjectId: m.subject.id, topicId: m.topic.id, questions: 10 },
        ],
      },
    ],
    ...overrides,
  };
}

async function createCourse(body: Record<string, unknown>) {
  const response = await t.request("/api/admin/courses", { cookie: admin.cookie, body });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

type CourseView = {
  locked: boolean;
  enrolled: boolean;
  plans: string[];
  progress: { done: number; total: number; nextStepId: string | null } | null;
  description: string;
  modules: { steps: { id: string; kind: string; title: string; path: string; done: boolean }[] }[];
};

async function view(slug: string, user: TestUser | null) {
  const response = await t.request(`/api/courses/${slug}`, { cookie: user?.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as CourseView;
}

describe("admins build courses from existing items", () => {
  it("saves a course with its syllabus in order, sanitising the description", async () => {
    const m = await material();
    const id = await createCourse(courseBody(m));
    const edit = (await (
      await t.request(`/api/admin/courses/${id}`, { cookie: admin.cookie })
    ).json()) as { modules: { items: { kind: string }[] }[]; description: string };
    expect(edit.modules.map((mod) => mod.items.map((i) => i.kind))).toEqual([
      ["note", "note", "video", "live_class"],
      ["exam", "quiz", "practice"],
    ]);
    expect(edit.description).not.toContain("<script");

    // The edit replaces the syllabus as a whole.
    const put = await t.request(`/api/admin/courses/${id}`, {
      method: "PUT",
      cookie: admin.cookie,
      body: courseBody(m, {
        modules: [{ title: "Only one", items: [{ kind: "exam", id: m.exam.id }] }],
      }),
    });
    expect(put.status).toBe(200);
    const items = await t.db.select().from(courseItems);
    expect(items.filter((i) => i.examId === m.exam.id)).toHaveLength(1);
  });

  it("refuses bad input with 4xx and changes nothing", async () => {
    const m = await material();
    const id = await createCourse(courseBody(m));
    const before = {
      courses: await t.db.select().from(courses),
      items: await t.db.select().from(courseItems),
      plans: await t.db.select().from(planCourses),
    };
    const unknownId = "0b0e8f1e-1111-4111-8111-111111111111";
    const cases: [Record<string, unknown>, number][] = [
      [{ slug: "Not A Slug" }, 422],
      [{ title: " " }, 422],
      [{ modules: [{ title: "M", items: [{ kind: "note", id: unknownId }] }] }, 422],
      [{ modules: [{ title: "M", items: [{ kind: "exam", id: unknownId }] }] }, 422],
      [{ modules: [{ title: "M", items: [{ kind: "podcast", id: m.note.id }] }] }, 422],
      [
        {
          modules: [
            { title: "M", items: [{ kind: "practice", subjectId: m.subject.id, questions: 2 }] },
          ],
        },
        422,
      ],
      [{ planIds: [unknownId] }, 422],
      [{ modules: [{ title: "", items: [] }] }, 422],
    ];
    for (const [change, status] of cases) {
      const response = await t.request(`/api/admin/courses/${id}`, {
        method: "PUT",
        cookie: admin.cookie,
        body: courseBody(m, change),
      });
      expect(response.status, JSON.stringify(change)).toBe(status);
    }
    // A slug another course has: 409.
    const second = await createCourse(courseBody(m, { slug: `second-${n}` }));
    const taken = await t.request(`/api/admin/courses/${second}`, {
      method: "PUT",
      cookie: admin.cookie,
      body: courseBody(m),
    });
    expect(taken.status).toBe(409);
    expect(await t.db.select().from(courses).where(eq(courses.id, id))).toEqual(
      before.courses.filter((c) => c.id === id),
    );
    expect(
      (await t.db.select().from(courseItems)).filter((i) =>
        before.items.some((b) => b.id === i.id),
      ),
    ).toEqual(before.items);
    expect(await t.db.select().from(planCourses)).toEqual(before.plans);
  });

  it("is for admins only: a student gets 403 and nothing changes", async () => {
    const m = await material();
    const id = await createCourse(courseBody(m));
    const before = await t.db.select().from(courses);
    const attempts = [
      t.request("/api/admin/courses", {
        cookie: student.cookie,
        body: courseBody(m, { slug: "mine" }),
      }),
      t.request(`/api/admin/courses/${id}`, { method: "DELETE", cookie: student.cookie }),
      t.request(`/api/admin/courses/${id}`, { cookie: student.cookie }),
      t.request("/api/admin/courses/item-options?kind=note", { cookie: student.cookie }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(403);
    expect(await t.db.select().from(courses)).toEqual(before);
  });

  it("lists courses for admins with their steps and learners, searched by title", async () => {
    const m = await material();
    const body = courseBody(m, { title: `Searchable course ${n}` });
    const id = await createCourse(body);
    await t.request(`/api/courses/${body.slug}/enrol`, { method: "POST", cookie: student.cookie });
    const response = await t.request(
      `/api/admin/courses?search=${encodeURIComponent(`Searchable course ${n}`)}`,
      { cookie: admin.cookie },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      items: [
        {
          id,
          slug: body.slug,
          title: `Searchable course ${n}`,
          isFree: true,
          isPublished: true,
          sortOrder: 0,
          steps: 7,
          learners: 1,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    });
  });

  it("offers existing items to pick by kind and title", async () => {
    const m = await material();
    const response = await t.request(
      `/api/admin/courses/item-options?kind=video&search=${encodeURIComponent(m.video.title)}`,
      { cookie: admin.cookie },
    );
    expect(await response.json()).toEqual([{ id: m.video.id, title: m.video.title }]);
  });
});

describe("students follow a course", () => {
  it("shows the public syllabus without drafts, then progress and the next step once enrolled", async () => {
    const m = await material();
    const body = courseBody(m);
    await createCourse(body);
    const slug = body.slug;

    const visitor = await view(slug, null);
    expect(visitor.modules.flatMap((mod) => mod.steps.map((s) => s.title))).not.toContain(
      m.draftNote.title,
    );
    expect(visitor.modules.flatMap((mod) => mod.steps)).toHaveLength(6);
    expect(visitor.progress).toBeNull();
    expect(visitor.description).toBe("<p>Read, watch, practise.</p>");

    const enrol = await t.request(`/api/courses/${slug}/enrol`, {
      method: "POST",
      cookie: student.cookie,
    });
    expect(enrol.status).toBe(200);
    let course = await view(slug, student);
    expect(course.progress).toMatchObject({ done: 0, total: 6 });
    const steps = course.modules.flatMap((mod) => mod.steps);
    expect(course.progress?.nextStepId).toBe(steps[0]?.id);
    expect(steps.map((s) => s.path)).toEqual([
      `/student/study-materials/notes/${m.note.id}`,
      `/videos/${m.video.id}`,
      "/live-classes",
      `/exam/${m.exam.id}`,
      `/quiz/${m.quiz.id}/attempt`,
      `/student/practice?subjectId=${m.subject.id}&topicId=${m.topic.id}&questionCount=10`,
    ]);

    // Reading the note and watching the video to the end: two steps done, the class next.
    await t.db
      .insert(noteReads)
      .values({ userId: student.id, noteId: m.note.id, readAt: new Date() });
    await t.db
      .insert(videoProgress)
      .values({ userId: student.id, videoId: m.video.id, completed: true });
    // A completed exam attempt.
    await t.db.insert(examAttempts).values({
      userId: student.id,
      examId: m.exam.id,
      startedAt: yesterday(),
      deadlineAt: new Date(),
      completedAt: new Date(),
    });
    course = await view(slug, student);
    expect(course.progress).toMatchObject({ done: 3, total: 6 });
    expect(course.progress?.nextStepId).toBe(steps[2]?.id);
    expect(course.modules[0]?.steps.map((s) => s.done)).toEqual([true, true, false]);

    // Another student's progress is their own, and they are not enrolled.
    const theirs = await view(slug, other);
    expect(theirs.enrolled).toBe(false);
    expect(theirs.modules.flatMap((mod) => mod.steps).some((s) => s.done)).toBe(false);
  });

  it("opens a premium course to students whose plan includes it, and refuses others with nothing stored", async () => {
    const m = await material();
    const [gold] = await t.db
      .insert(subscriptionPlans)
      .values({ name: `Gold ${n}`, price: "999" })
      .returning();
    const [silver] = await t.db
      .insert(subscriptionPlans)
      .values({ name: `Silver ${n}`, price: "499" })
      .returning();
    const body = courseBody(m, { isFree: false, planIds: [gold!.id] });
    const courseId = await createCourse(body);
    const slug = body.slug as string;
    const withGold = await t.createUser("student");
    const withSilver = await t.createUser("student");
    await activateTestPlan(t.db, withGold.id, "Gold", gold!.id);
    await activateTestPlan(t.db, withSilver.id, "Silver", silver!.id);

    expect(await view(slug, null)).toMatchObject({ locked: true, plans: [`Gold ${n}`] });
    for (const user of [student, withSilver]) {
      expect((await view(slug, user)).locked).toBe(true);
      const refused = await t.request(`/api/courses/${slug}/enrol`, {
        method: "POST",
        cookie: user.cookie,
      });
      expect(refused.status).toBe(403);
      const error = (await refused.json()) as { error: { details: { plansUrl: string } } };
      expect(error.error.details.plansUrl).toBe("/student/subscriptions");
      expect(
        await t.db.select().from(courseEnrollments).where(eq(courseEnrollments.courseId, courseId)),
      ).toEqual([]);
    }
    expect((await view(slug, withGold)).locked).toBe(false);
    const ok = await t.request(`/api/courses/${slug}/enrol`, {
      method: "POST",
      cookie: withGold.cookie,
    });
    expect(ok.status).toBe(200);
  });

  it("hides unpublished courses: 404 for the page and enrolling, not in the list", async () => {
    const m = await material();
    const body = courseBody(m, { isPublished: false, slug: `draft-${n}` });
    await createCourse(body);
    expect((await t.request(`/api/courses/draft-${n}`)).status).toBe(404);
    const enrol = await t.request(`/api/courses/draft-${n}/enrol`, {
      method: "POST",
      cookie: student.cookie,
    });
    expect(enrol.status).toBe(404);
    const list = (await (await t.request("/api/courses")).json()) as { slug: string }[];
    expect(list.map((c) => c.slug)).not.toContain(`draft-${n}`);
    expect((await t.request("/api/courses/NOT_A_SLUG")).status).toBe(404);
  });

  it("counts a completed practice test of the topic, and drops a step whose item is deleted", async () => {
    const m = await material();
    const body = courseBody(m);
    await createCourse(body);
    const slug = body.slug as string;
    const user = await t.createUser("student");
    await t.request(`/api/courses/${slug}/enrol`, { method: "POST", cookie: user.cookie });
    const { questionSets } = await import("../../db/schema/exams.ts");
    const [set] = await t.db
      .insert(questionSets)
      .values({
        userId: user.id,
        kind: "practice",
        title: "Practice",
        timeLimitSeconds: 600,
        questionCount: 5,
        filters: { subjectIds: [m.subject.id], topicIds: [m.topic.id] },
      })
      .returning();
    await t.db.insert(examAttempts).values({
      userId: user.id,
      practiceId: set!.id,
      startedAt: yesterday(),
      deadlineAt: new Date(),
      completedAt: new Date(),
    });
    const course = await view(slug, user);
    expect(course.modules[1]?.steps.find((s) => s.kind === "practice")?.done).toBe(true);

    await t.db.delete(liveClasses).where(eq(liveClasses.id, m.liveClass.id));
    expect((await view(slug, user)).progress?.total).toBe(5);
  });

  it("gives the course page its own title and preview, and 404 for an unknown course", async () => {
    const m = await material();
    const body = courseBody(m);
    await createCourse(body);
    const sitemap = await (await t.request("/sitemap.xml")).text();
    expect(sitemap).toContain(`/courses/${body.slug}</loc>`);
    const page = await t.request(`/courses/${body.slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<title>${body.title} · My Exam App</title>`);
    expect(html).toContain('content="Everything about Parliament, step by step."');
    expect(html).toContain(
      `<link rel="canonical" href="http://localhost:3000/courses/${body.slug}" />`,
    );
    expect((await t.request("/courses/no-such-course")).status).toBe(404);
    expect((await t.request("/courses/Bad_Slug")).status).toBe(404);
  });
});
