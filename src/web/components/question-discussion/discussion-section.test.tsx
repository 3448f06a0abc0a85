import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { applyLanguage } from "@web/lib/i18n.ts";
import { type ApiRoute, jsonResponse, stubApi } from "@web/test/network.ts";
import { renderPage } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { XSS_PAYLOADS } from "../../../shared/xss-payloads.ts";
import { DiscussionSection } from "./discussion-section.tsx";

const Q = "3f0c2d1e-1111-4b8e-9a51-1f2e3d4c5b6a";
let ids = 0;

function post(overrides: Record<string, unknown> = {}) {
  ids += 1;
  return {
    id: `00000000-0000-4000-8000-${String(ids).padStart(12, "0")}`,
    number: ids,
    parentId: null,
    status: "visible",
    author: { name: "Ravi Kumar", role: "student" },
    body: "A post",
    imageUrl: null,
    helpfulCount: 0,
    votedByMe: false,
    reportedByMe: false,
    mine: false,
    canEditUntil: null,
    pinned: false,
    reportCount: null,
    createdAt: "2026-12-01T10:00:00.000Z",
    editedAt: null,
    replies: [],
    ...overrides,
  };
}

const FACTS = {
  canPost: true,
  canModerate: false,
  bannedUntil: null,
  postsLeftThisHour: 10,
  editMinutes: 10,
};

function page(items: unknown[], extra: Record<string, unknown> = {}) {
  return {
    questionId: Q,
    sort: "newest",
    pinned: null,
    items,
    total: items.length,
    page: 1,
    pageSize: 20,
    viewer: FACTS,
    ...extra,
  };
}

function renderSection(answer: () => unknown, routes: Record<string, ApiRoute> = {}) {
  const stub = stubApi({
    [`GET /api/questions/${Q}/discussion`]: () => jsonResponse(200, answer()),
    ...routes,
  });
  return { ...stub, ...renderPage(<DiscussionSection questionId={Q} count={3} />) };
}

const open = async () => userEvent.click(screen.getByRole("button", { name: /Discussion/ }));

describe("DiscussionSection", () => {
  it("shows the count and fetches nothing until opened; then the verified explanation first", async () => {
    const explanation = post({
      pinned: true,
      author: { name: "Meera Iyer", role: "mentor" },
      body: "The answer is **A**: statement 1 holds.",
      helpfulCount: 4,
    });
    const question = post({
      author: { name: null, role: "student" },
      body: "Why not C? As #1 says",
      replies: [post({ body: "Because of statement 2.", parentId: "x" })],
    });
    const { requests } = renderSection(() => page([question], { pinned: explanation }));
    const toggle = screen.getByRole("button", { name: /Discussion/ });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveTextContent("3");
    expect(requests).toEqual([]);

    await open();
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const articles = await screen.findAllByRole("article");
    // Pinned first, with its badge and the writer's mentor badge.
    expect(within(articles[0] as HTMLElement).getByText("Verified explanation")).toBeVisible();
    expect(within(articles[0] as HTMLElement).getByText("Mentor")).toBeVisible();
    expect(within(articles[0] as HTMLElement).getByText("A").tagName).toBe("STRONG");
    // A student with no name is "Student"; "#1" links to post 1 on the page.
    expect(within(articles[1] as HTMLElement).getByText("Student")).toBeVisible();
    expect(within(articles[1] as HTMLElement).getByRole("link", { name: "#1" })).toHaveAttribute(
      "href",
      `#discussion-${Q}-post-1`,
    );
    expect(
      screen.getByRole("list", { name: `Replies to post #${question.number}` }),
    ).toHaveTextContent("Because of statement 2.");
    expect(requests).toEqual([`GET /api/questions/${Q}/discussion?sort=newest&page=1`]);

    await userEvent.click(screen.getByRole("button", { name: "Most helpful" }));
    await waitFor(() =>
      expect(requests).toContain(`GET /api/questions/${Q}/discussion?sort=helpful&page=1`),
    );
  });

  it("renders every XSS payload as inert text", async () => {
    const posts = XSS_PAYLOADS.map(([, html]) => post({ body: html }));
    const { container } = renderSection(() => page(posts));
    await open();
    await screen.findAllByRole("article");
    for (const [, html] of XSS_PAYLOADS) {
      expect(container.textContent).toContain(html.split("\n")[0]);
    }
    const bodies = [...container.querySelectorAll("[data-post-body]")];
    expect(bodies).toHaveLength(XSS_PAYLOADS.length);
    const inside = bodies.flatMap((body) => [...body.querySelectorAll("*")]);
    // Only the formatting's own elements: nothing from the payloads became an element.
    expect(new Set(inside.map((e) => e.tagName))).toEqual(new Set(["P"]));
    for (const element of [...bodies, ...inside]) {
      for (const attribute of element.attributes) {
        expect(attribute.name.startsWith("on")).toBe(false);
        expect(attribute.value.toLowerCase()).not.toContain("javascript:");
      }
    }
  });

  it("formats lists, bold and italic, and marks a Hindi post's language", async () => {
    renderSection(() =>
      page([
        post({ body: "Two points:\n- *first* one\n- **second** one\n\n1. step\n2. next" }),
        post({ body: "कथन 2 गलत है" }),
      ]),
    );
    await open();
    const [english, hindi] = await screen.findAllByRole("article");
    const lists = within(english as HTMLElement).getAllByRole("list");
    expect(lists.map((l) => l.tagName)).toEqual(["UL", "OL"]);
    expect(within(english as HTMLElement).getByText("first").tagName).toBe("EM");
    expect(
      within(hindi as HTMLElement)
        .getByText("कथन 2 गलत है")
        .closest("[lang]"),
    ).toHaveAttribute("lang", "hi");
  });

  it("posts the composer's text and refreshes the discussion", async () => {
    let items: unknown[] = [];
    const sent: unknown[] = [];
    const { requests } = renderSection(() => page(items), {
      [`POST /api/questions/${Q}/discussion`]: ({ json }) => {
        sent.push(json());
        items = [post({ body: "My **doubt**", mine: true })];
        return jsonResponse(201, items[0]);
      },
    });
    await open();
    await screen.findByText("No posts yet. Ask a doubt or explain the answer.");
    // Blank: the form says what is missing and sends nothing.
    await userEvent.click(screen.getByRole("button", { name: "Post" }));
    expect(await screen.findByText("Write something, or attach an image.")).toBeVisible();
    await userEvent.type(screen.getByLabelText("Your post"), "My **doubt**");
    await userEvent.click(screen.getByRole("button", { name: "Post" }));
    await screen.findByText("doubt");
    expect(sent).toEqual([{ body: "My **doubt**" }]);
    expect(requests.filter((r) => r.startsWith("GET"))).toHaveLength(2);
    // One's own post: its helpful count is shown, not a button to mark it.
    expect(screen.getByText("Helpful: 0")).toBeVisible();
  });

  it("marks a post helpful and reports one, once", async () => {
    let voted = false;
    const reported: unknown[] = [];
    const target = post({ body: "Useful" });
    renderSection(() => page([{ ...target, votedByMe: voted, helpfulCount: voted ? 1 : 0 }]), {
      [`POST /api/discussion-posts/${target.id}/helpful`]: () => {
        voted = true;
        return jsonResponse(200, { id: target.id, helpfulCount: 1, votedByMe: true });
      },
      [`POST /api/discussion-posts/${target.id}/report`]: ({ json }) => {
        reported.push(json());
        return jsonResponse(200, { id: target.id, reportedByMe: true });
      },
    });
    await open();
    const helpful = await screen.findByRole("button", { name: /Helpful/ });
    expect(helpful).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(helpful);
    await waitFor(() =>
      expect(screen.getByRole("button", { name: /Helpful/ })).toHaveAttribute(
        "aria-pressed",
        "true",
      ),
    );
    await userEvent.click(screen.getByRole("button", { name: "Report" }));
    const dialog = await screen.findByRole("dialog", { name: `Report post #${target.number}` });
    await userEvent.type(within(dialog).getByLabelText("Why? (optional)"), "Spam link");
    await userEvent.click(within(dialog).getByRole("button", { name: "Report" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(reported).toEqual([{ reason: "Spam link" }]);
  });

  it("tells a banned student until when, with no composer; in Hindi too", async () => {
    renderSection(() =>
      page([post()], { viewer: { ...FACTS, canPost: false, bannedUntil: "2026-12-05T10:00:00Z" } }),
    );
    await open();
    expect(await screen.findByText(/A moderator stopped you from posting until/)).toBeVisible();
    expect(screen.queryByLabelText("Your post")).toBeNull();
    expect(screen.queryByRole("button", { name: "Reply" })).toBeNull();
    await applyLanguage("hi");
    expect(await screen.findByText(/एक मॉडरेटर ने आपको/)).toBeVisible();
  });

  it("shows a deleted post as deleted, keeping its replies", async () => {
    renderSection(() =>
      page([
        post({
          status: "deleted",
          author: null,
          body: null,
          replies: [post({ body: "Still here" })],
        }),
      ]),
    );
    await open();
    expect(await screen.findByText("This post was deleted.")).toBeVisible();
    expect(screen.getByText("Still here")).toBeVisible();
  });
});
