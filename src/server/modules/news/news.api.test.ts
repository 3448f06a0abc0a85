import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { RICH_TEXT_MAX_LENGTH } from "../../../shared/rich-text.ts";
import { NUL_MESSAGE } from "../../../shared/text.ts";
import { isInert, XSS_PAYLOADS } from "../../../shared/xss-payloads.ts";
import { dailyNewsAnalysis } from "../../db/schema/content.ts";
import { testClientDir } from "../../test/client-dir.ts";
import { setupTestApp } from "../../test/test-app.ts";

const clientDir = testClientDir();
const { t, admin, student } = setupTestApp({
  clientDir,
  users: { admin: "admin", student: "student" },
});

const entry = (overrides: Record<string, unknown> = {}) => ({
  title: "GS2: The Fifteenth Finance Commission",
  content: "<p>The commission's <strong>report</strong> on devolution.</p>",
  excerpt: "",
  publishedDate: "2025-05-20",
  ...overrides,
});

async function createEntry(overrides: Record<string, unknown> = {}) {
  const response = await t.request("/api/news", { body: entry(overrides), cookie: admin.cookie });
  expect(response.status).toBe(201);
  return response.json();
}

describe("news: admin writes, everyone reads", () => {
  it("lets an admin create, read, update and delete an entry", async () => {
    const created = await createEntry();
    expect(created).toMatchObject({
      title: "GS2: The Fifteenth Finance Commission",
      publishedDate: "2025-05-20",
      excerpt: "The commission's report on devolution.",
    });

    const read = await t.request(`/api/news/${created.id}`);
    expect(read.status).toBe(200);
    expect((await read.json()).content).toBe(
      "<p>The commission's <strong>report</strong> on devolution.</p>",
    );

    const updated = await t.request(`/api/news/${created.id}`, {
      method: "PUT",
      body: entry({ title: "Updated title", excerpt: "My own summary." }),
      cookie: admin.cookie,
    });
    expect(updated.status).toBe(200);
    const body = await updated.json();
    expect(body).toMatchObject({ title: "Updated title", excerpt: "My own summary." });
    expect(new Date(body.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(created.updatedAt).getTime(),
    );

    const deleted = await t.request(`/api/news/${created.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(deleted.status).toBe(200);
    const gone = await t.request(`/api/news/${created.id}`);
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.message).toBe("News entry not found.");
  });

  it("refuses writes from a student (403) and a visitor (401), changing nothing", async () => {
    const existing = await createEntry({ title: "Untouchable" });
    const attempts = [
      { path: "/api/news", method: "POST", body: entry() },
      { path: `/api/news/${existing.id}`, method: "PUT", body: entry({ title: "Hacked" }) },
      { path: `/api/news/${existing.id}`, method: "DELETE", body: undefined },
    ];
    for (const attempt of attempts) {
      const asStudent = await t.request(attempt.path, { ...attempt, cookie: student.cookie });
      expect(asStudent.status, `${attempt.method} as student`).toBe(403);
      const asVisitor = await t.request(attempt.path, attempt);
      expect(asVisitor.status, `${attempt.method} as visitor`).toBe(401);
    }
    const [row] = await t.db
      .select()
      .from(dailyNewsAnalysis)
      .where(eq(dailyNewsAnalysis.id, existing.id));
    expect(row?.title).toBe("Untouchable");
  });

  it("answers 404 for an unknown or malformed id, on every route that takes one", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1'; drop table x"]) {
      const path = `/api/news/${encodeURIComponent(id)}`;
      expect((await t.request(path)).status).toBe(404);
      expect(
        (await t.request(path, { method: "PUT", body: entry(), cookie: admin.cookie })).status,
      ).toBe(404);
      expect((await t.request(path, { method: "DELETE", cookie: admin.cookie })).status).toBe(404);
    }
  });

  it("validates the form: title and published date are required", async () => {
    const noTitle = await t.request("/api/news", {
      body: entry({ title: "   " }),
      cookie: admin.cookie,
    });
    expect(noTitle.status).toBe(422);
    expect((await noTitle.json()).error.message).toBe("Title is required.");
    const noDate = await t.request("/api/news", {
      body: entry({ publishedDate: "" }),
      cookie: admin.cookie,
    });
    expect(noDate.status).toBe(422);
    expect((await noDate.json()).error.message).toBe("Published date is required.");
  });

  it("generates a blank excerpt from the text: 200 characters at a word boundary plus '...'", async () => {
    const sentence =
      "India's monetary policy committee kept the repo rate unchanged at its meeting. ";
    const created = await createEntry({ content: `<h2>Economy</h2><p>${sentence.repeat(5)}</p>` });
    const text = `Economy ${sentence.repeat(5)}`.replace(/\s+/g, " ").trim();
    expect(created.excerpt.endsWith("...")).toBe(true);
    const body = created.excerpt.slice(0, -3);
    expect(body.length).toBeLessThanOrEqual(200);
    expect(text.startsWith(body)).toBe(true);
    expect(text[body.length]).toBe(" ");
  });

  it("lists newest first (published date, then creation), paginated", async () => {
    await t.db.delete(dailyNewsAnalysis);
    await createEntry({ title: "Older", publishedDate: "2025-01-01" });
    await createEntry({ title: "Newest A", publishedDate: "2025-03-01" });
    await createEntry({ title: "Newest B", publishedDate: "2025-03-01" });
    const first = await (await t.request("/api/news?page=1&pageSize=2")).json();
    expect(first.total).toBe(3);
    expect(first.items.map((n: { title: string }) => n.title)).toEqual(["Newest B", "Newest A"]);
    expect(first.items[0]).not.toHaveProperty("content");
    const second = await (await t.request("/api/news?page=2&pageSize=2")).json();
    expect(second.items.map((n: { title: string }) => n.title)).toEqual(["Older"]);
    expect((await t.request("/api/news?pageSize=1000")).status).toBe(422);
  });
});

describe("news HTML is sanitised when saved", () => {
  it.each(XSS_PAYLOADS)("stores %s inert", async (_name, payload) => {
    const created = await createEntry({ content: `<p>Before</p>${payload}<p>After</p>` });
    const stored = (await (await t.request(`/api/news/${created.id}`)).json()).content;
    expect(isInert(stored), stored).toBe(true);
    expect(stored).toContain("<p>Before</p>");
  });

  it("keeps allowed video embeds and removes others", async () => {
    const created = await createEntry({
      content:
        '<iframe class="ql-video" src="https://www.youtube.com/watch?v=abc123"></iframe>' +
        '<iframe class="ql-video" src="https://evil.example/embed/abc"></iframe>',
    });
    expect(created.content).toContain('src="https://www.youtube-nocookie.com/embed/abc123"');
    expect(created.content).not.toContain("evil.example");
  });
});

describe("the HTML served for /news/{id} previews when shared", () => {
  it("carries the article's title, excerpt and canonical URL, escaped", async () => {
    const created = await createEntry({
      title: 'Budget "2025" <script>alert(1)</script> & more',
      excerpt: "Fiscal deficit at 4.4% <b>of GDP</b>.",
      content: '<p>x</p><p><img src="/storage/news_images/1-chart.png" alt="chart"></p>',
    });
    const response = await t.request(`/news/${created.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(
      "<title>Budget &quot;2025&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; more · My Exam App</title>",
    );
    expect(html).toContain(
      '<meta name="description" content="Fiscal deficit at 4.4% &lt;b&gt;of GDP&lt;/b&gt;." />',
    );
    expect(html).toContain(
      `<link rel="canonical" href="http://localhost:3000/news/${created.id}" />`,
    );
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain(
      '<meta property="og:title" content="Budget &quot;2025&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; more · My Exam App" />',
    );
    expect(html).toContain(
      `<meta property="og:url" content="http://localhost:3000/news/${created.id}" />`,
    );
    expect(html).toContain(
      '<meta property="og:image" content="http://localhost:3000/storage/news_images/1-chart.png" />',
    );
    expect(html).not.toContain("<script>alert(1)");
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it("serves the plain page for an unknown article, and the list its route's tags", async () => {
    const unknown = await (await t.request("/news/00000000-0000-4000-8000-000000000000")).text();
    expect(unknown).toContain("<title>My Exam App</title>");
    expect(unknown).not.toContain("og:title");
    const list = await (await t.request("/news")).text();
    expect(list).toContain("<title>Daily News · My Exam App</title>");
    expect(list).toContain('<meta property="og:title" content="Daily News · My Exam App" />');
  });
});

describe("an article's optional Hindi version", () => {
  const hindi = {
    titleHi: "पंद्रहवाँ वित्त आयोग",
    contentHi: "<p>आयोग की <strong>रिपोर्ट</strong> हस्तांतरण पर।</p>",
  };
  const rowOf = async (id: string) =>
    (await t.db.select().from(dailyNewsAnalysis).where(eq(dailyNewsAnalysis.id, id)))[0];
  const put = (id: string, body: Record<string, unknown>) =>
    t.request(`/api/news/${id}`, { method: "PUT", body, cookie: admin.cookie });

  it("is stored, read and listed with the article, its summary made from the Hindi text", async () => {
    const created = await createEntry(hindi);
    expect(created).toMatchObject({ ...hindi, excerptHi: "आयोग की रिपोर्ट हस्तांतरण पर।" });
    const read = await (await t.request(`/api/news/${created.id}`)).json();
    expect(read).toMatchObject({ ...hindi, title: entry().title, content: entry().content });
    const list = await (await t.request("/api/news?pageSize=100")).json();
    const item = list.items.find((n: { id: string }) => n.id === created.id);
    expect(item).toMatchObject({ titleHi: hindi.titleHi, excerptHi: "आयोग की रिपोर्ट हस्तांतरण पर।" });
    expect(item).not.toHaveProperty("contentHi");
  });

  it("is null where none is given, or where the Hindi editor was emptied", async () => {
    const plain = await createEntry();
    expect(plain).toMatchObject({ titleHi: null, contentHi: null, excerptHi: null });
    const emptied = await createEntry({ titleHi: "  ", contentHi: "<p><br></p>", excerptHi: "" });
    expect(emptied).toMatchObject({ titleHi: null, contentHi: null, excerptHi: null });
    const imageOnly = await createEntry({
      contentHi: '<p><img src="/storage/news_images/a.png"></p>',
    });
    expect(imageOnly.contentHi).toContain("<img");
  });

  it("is added, changed and removed by an edit; the admin's own Hindi summary is kept", async () => {
    const created = await createEntry();
    const added = await put(created.id, entry({ ...hindi, excerptHi: "मेरा सारांश।" }));
    expect(added.status).toBe(200);
    expect(await added.json()).toMatchObject({ ...hindi, excerptHi: "मेरा सारांश।" });
    const removed = await put(created.id, entry());
    expect(await removed.json()).toMatchObject({ titleHi: null, contentHi: null, excerptHi: null });
    expect(await rowOf(created.id)).toMatchObject({ titleHi: null, contentHi: null });
  });

  it("refuses a bad Hindi field with 422, storing nothing and changing nothing", async () => {
    const existing = await createEntry(hindi);
    const before = await rowOf(existing.id);
    const countBefore = await t.db.$count(dailyNewsAnalysis);
    const bad: [Record<string, unknown>, string][] = [
      [{ titleHi: "क".repeat(301) }, "Title is too long."],
      [{ excerptHi: "क".repeat(1001) }, "Excerpt is too long (1000 characters at most)."],
      // Within the 4 MB body limit (Devanagari takes 3 bytes a character), beyond the length.
      [{ contentHi: `<p>${"x".repeat(RICH_TEXT_MAX_LENGTH)}</p>` }, "The content is too long."],
      [{ titleHi: "बजट\u0000" }, NUL_MESSAGE],
      [{ contentHi: ["<p>x</p>"] }, "Invalid input: expected string, received array"],
    ];
    for (const [fields, message] of bad) {
      const created = await t.request("/api/news", { body: entry(fields), cookie: admin.cookie });
      expect(created.status, message).toBe(422);
      expect((await created.json()).error.message).toBe(message);
      const edited = await put(existing.id, entry({ title: "Changed", ...fields }));
      expect(edited.status, message).toBe(422);
    }
    expect(await rowOf(existing.id)).toEqual(before);
    const countAfter = await t.db.$count(dailyNewsAnalysis);
    expect(countAfter).toBe(countBefore);
  });

  it.each(XSS_PAYLOADS)("stores %s inert in the Hindi body too", async (_name, payload) => {
    const created = await createEntry({ contentHi: `<p>पहले</p>${payload}<p>बाद में</p>` });
    const stored = (await (await t.request(`/api/news/${created.id}`)).json()).contentHi;
    expect(isInert(stored), stored).toBe(true);
    expect(stored).toContain("<p>पहले</p>");
  });

  it("strips script and event handlers from the Hindi body when edited", async () => {
    const created = await createEntry(hindi);
    const edited = await put(
      created.id,
      entry({
        contentHi:
          '<p onclick="steal()">नमस्ते</p><script>alert(1)</script>' +
          '<img src="https://example.com/a.png" onerror="alert(2)">',
      }),
    );
    const body = await edited.json();
    expect(body.contentHi).toBe('<p>नमस्ते</p><img src="https://example.com/a.png" />');
    expect((await rowOf(created.id))?.contentHi).toBe(body.contentHi);
  });
});
