import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { NoteReaderPage } from "./note-reader-page.tsx";
import { StudyNotesPage } from "./study-notes-page.tsx";
import { VideoPage } from "./videos-pages.tsx";

const SUBJECT = "11111111-1111-4111-8111-111111111111";

function noteCard(overrides: Record<string, unknown> = {}) {
  return {
    id: "22222222-2222-4222-8222-222222222222",
    kind: "notes",
    month: null,
    title: "Fundamental Rights",
    titleHi: "मौलिक अधिकार",
    summary: "Part III of the Constitution.",
    summaryHi: null,
    subjectId: SUBJECT,
    subjectName: "Polity",
    topicId: null,
    topicName: null,
    isFree: true,
    hasPdf: false,
    hasHindi: true,
    wordCount: 5,
    publishedAt: "2026-01-01T00:00:00.000Z",
    bookmarked: false,
    read: false,
    locked: false,
    ...overrides,
  };
}

describe("Study Notes", () => {
  it("lists notes with progress, searches, and bookmarks a note", async () => {
    const premium = noteCard({
      id: "33333333-3333-4333-8333-333333333333",
      title: "Budget analysis",
      titleHi: null,
      isFree: false,
      locked: true,
      summary: "",
    });
    const { requests } = stubApi({
      "GET /api/subjects": () => jsonResponse(200, [{ id: SUBJECT, name: "Polity", topics: [] }]),
      "GET /api/notes/progress": () =>
        jsonResponse(200, [{ subjectId: SUBJECT, subjectName: "Polity", read: 1, total: 4 }]),
      "GET /api/notes": ({ url }) =>
        jsonResponse(200, {
          items: url.searchParams.get("q") ? [noteCard()] : [noteCard(), premium],
          total: 2,
          page: 1,
          pageSize: 12,
        }),
      "PUT /api/notes/22222222-2222-4222-8222-222222222222/bookmark": () =>
        jsonResponse(200, { bookmarked: true }),
    });
    renderRoutes([{ path: "/notes", element: <StudyNotesPage /> }], {
      path: "/notes",
      session: studentSession(),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Study Notes" })).toBeVisible();
    expect(await screen.findByText("1 of 4 read")).toBeVisible();
    expect(screen.getByRole("link", { name: "Fundamental Rights" })).toHaveAttribute(
      "href",
      "/student/study-materials/notes/22222222-2222-4222-8222-222222222222",
    );
    // The locked note shows its lock and the way to the plans.
    const locked = screen.getByRole("link", { name: "Budget analysis" }).closest("li");
    expect(within(locked as HTMLElement).getByRole("link", { name: "See plans" })).toHaveAttribute(
      "href",
      "/student/subscriptions",
    );
    expect(screen.getByRole("link", { name: "Video Lessons" })).toHaveAttribute(
      "href",
      "/student/study-materials/videos",
    );

    await userEvent.click(screen.getByRole("button", { name: "Bookmark Fundamental Rights" }));
    expect(requests).toContain("PUT /api/notes/22222222-2222-4222-8222-222222222222/bookmark");

    await userEvent.type(screen.getByRole("searchbox", { name: "Search notes" }), "rights");
    // The search goes to the server (full-text search there), once typing pauses.
    await waitFor(() =>
      expect(requests.some((r) => r.startsWith("GET /api/notes?") && r.includes("q=rights"))).toBe(
        true,
      ),
    );
  });
});

describe("the note reader", () => {
  it("shows the body, marks it read, and opens the PDF", async () => {
    const id = "22222222-2222-4222-8222-222222222222";
    const { requests } = stubApi({
      [`GET /api/notes/${id}`]: () =>
        jsonResponse(200, {
          ...noteCard({ hasPdf: true }),
          plansUrl: null,
          body: "<p>Six rights in Part III.</p>",
          bodyHi: "<p>भाग III में छह अधिकार।</p>",
          pdfUrl: `/api/notes/${id}/pdf`,
        }),
      [`PUT /api/notes/${id}/read`]: () => jsonResponse(200, { read: true }),
    });
    renderRoutes([{ path: "/n/:noteId", element: <NoteReaderPage /> }], {
      path: `/n/${id}`,
      session: studentSession(),
    });
    expect(await screen.findByText("Six rights in Part III.")).toBeVisible();
    expect(screen.getByRole("link", { name: "Open PDF" })).toHaveAttribute(
      "href",
      `/api/notes/${id}/pdf`,
    );
    await userEvent.click(screen.getByRole("button", { name: "Mark as read" }));
    expect(requests).toContain(`PUT /api/notes/${id}/read`);
  });

  it("shows a locked note's lock and the plans link, and no body", async () => {
    const id = "33333333-3333-4333-8333-333333333333";
    stubApi({
      [`GET /api/notes/${id}`]: () =>
        jsonResponse(200, {
          ...noteCard({ id, isFree: false, locked: true, summary: "" }),
          plansUrl: "/student/subscriptions",
          body: null,
          bodyHi: null,
          pdfUrl: null,
        }),
    });
    renderRoutes([{ path: "/n/:noteId", element: <NoteReaderPage /> }], {
      path: `/n/${id}`,
      session: studentSession(),
    });
    expect(await screen.findByRole("link", { name: "View subscription plans" })).toHaveAttribute(
      "href",
      "/student/subscriptions",
    );
    expect(screen.queryByRole("button", { name: "Mark as read" })).toBeNull();
  });
});

describe("the video page", () => {
  it("renders an embed in a titled iframe without autoplay, and marks it watched", async () => {
    const id = "44444444-4444-4444-8444-444444444444";
    const { requests } = stubApi({
      [`GET /api/videos/${id}`]: () =>
        jsonResponse(200, {
          id,
          kind: "lesson",
          title: "How a bill becomes a law",
          titleHi: null,
          description: "Stages of a bill.",
          descriptionHi: null,
          subjectId: SUBJECT,
          subjectName: "Polity",
          topicId: null,
          topicName: null,
          isFree: true,
          source: "youtube",
          durationSeconds: 200,
          publishedAt: "2026-01-01T00:00:00.000Z",
          positionSeconds: null,
          completed: false,
          posterUrl: null,
          locked: false,
          plansUrl: null,
          fileUrl: null,
          fileType: null,
          embedUrl: "https://www.youtube-nocookie.com/embed/M7lc1UVf-VE",
          progress: { positionSeconds: 0, watchedSeconds: 0, completed: false },
        }),
      [`POST /api/videos/${id}/progress`]: () => jsonResponse(200, {}),
      [`PUT /api/videos/${id}/watched`]: () => jsonResponse(200, { completed: true }),
    });
    renderRoutes([{ path: "/videos/:videoId", element: <VideoPage /> }], {
      path: `/videos/${id}`,
      session: studentSession(),
    });
    const frame = await screen.findByTitle("How a bill becomes a law");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/M7lc1UVf-VE");
    expect(frame.getAttribute("allow")).not.toContain("autoplay");
    // Opening is recorded.
    expect(requests).toContain(`POST /api/videos/${id}/progress`);
    await userEvent.click(screen.getByRole("button", { name: "Mark as watched" }));
    expect(requests).toContain(`PUT /api/videos/${id}/watched`);
  });
});
