import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { type ApiRoute, jsonResponse, stubApi } from "@web/test/network.ts";
import { renderPage } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminDiscussionsPage } from "./discussions-page.tsx";

const POST = "7b1f0c2e-1111-4b8e-9a51-1f2e3d4c5b6a";
const QUESTION = "7b1f0c2e-2222-4b8e-9a51-1f2e3d4c5b6a";

const queued = {
  id: POST,
  number: 4,
  questionId: QUESTION,
  questionText: "Which article abolishes untouchability?",
  discussionUrl: `/questions/${QUESTION}/discussion#post-4`,
  status: "reported",
  body: "Buy notes at **spam.example**",
  imageUrl: null,
  reportCount: 3,
  reasons: ["Spam", "Advert"],
  pinned: false,
  author: { userId: "user-ravi", name: "Ravi Kumar", role: "student" },
  bannedUntil: null,
  createdAt: "2026-12-01T10:00:00.000Z",
  moderatedAt: null,
};

function renderWith(routes: Record<string, ApiRoute> = {}) {
  const stub = stubApi({
    "GET /api/moderation/discussion-posts": ({ url }) =>
      jsonResponse(200, {
        items: url.searchParams.get("queue") === "reported" ? [queued] : [],
        total: url.searchParams.get("queue") === "reported" ? 1 : 0,
        page: 1,
        pageSize: 20,
      }),
    ...routes,
  });
  return { ...stub, ...renderPage(<AdminDiscussionsPage />) };
}

afterEach(() => vi.restoreAllMocks());

describe("AdminDiscussionsPage", () => {
  it("lists reported posts with the question, the reasons and a link to the discussion", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    const hidden: string[] = [];
    renderWith({
      [`POST /api/discussion-posts/${POST}/hide`]: () => {
        hidden.push(POST);
        return jsonResponse(200, { id: POST, status: "hidden" });
      },
    });
    const post = await screen.findByRole("article", { name: "Post #4 by Ravi Kumar" });
    expect(post).toHaveTextContent("Which article abolishes untouchability?");
    expect(post).toHaveTextContent("Hidden: reported");
    expect(post).toHaveTextContent("Reports: 3");
    expect(within(post).getByText("spam.example").tagName).toBe("STRONG");
    expect(
      within(post)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Spam", "Advert"]);
    expect(within(post).getByRole("link", { name: "Open the discussion" })).toHaveAttribute(
      "href",
      queued.discussionUrl,
    );
    await userEvent.click(within(post).getByRole("button", { name: "Hide" }));
    await waitFor(() => expect(success).toHaveBeenCalledWith("Post hidden", "Post #4"));
    expect(hidden).toEqual([POST]);
  });

  it("bans the writer for the days and reason given", async () => {
    const bans: unknown[] = [];
    renderWith({
      "POST /api/moderation/discussion-bans": ({ json }) => {
        bans.push(json());
        return jsonResponse(201, { userId: "user-ravi", until: "2026-12-04T10:00:00Z" });
      },
    });
    const post = await screen.findByRole("article", { name: "Post #4 by Ravi Kumar" });
    await userEvent.click(within(post).getByRole("button", { name: "Ban the writer" }));
    const dialog = await screen.findByRole("dialog", { name: "Ban from posting" });
    const days = within(dialog).getByLabelText("Days (1 to 365)");
    await userEvent.clear(days);
    await userEvent.type(days, "400");
    await userEvent.type(within(dialog).getByLabelText("Reason"), "Adverts");
    await userEvent.click(within(dialog).getByRole("button", { name: "Ban" }));
    expect(await within(dialog).findByText("A ban lasts 1 to 365 days.")).toBeVisible();
    expect(bans).toEqual([]);
    await userEvent.clear(days);
    await userEvent.type(days, "3");
    await userEvent.click(within(dialog).getByRole("button", { name: "Ban" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bans).toEqual([{ userId: "user-ravi", days: 3, reason: "Adverts" }]);
  });

  it("shows the bans in force and lifts one", async () => {
    const lifted: string[] = [];
    const { requests } = renderWith({
      "GET /api/moderation/discussion-bans": () =>
        jsonResponse(200, {
          items: [
            {
              id: "user-ravi",
              userId: "user-ravi",
              name: "Ravi Kumar",
              until: "2026-12-04T10:00:00.000Z",
              reason: "Adverts",
              bannedBy: "Meera Iyer",
              createdAt: "2026-12-01T10:00:00.000Z",
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
        }),
      "DELETE /api/moderation/discussion-bans/user-ravi": () => {
        lifted.push("user-ravi");
        return jsonResponse(200, { userId: "user-ravi", lifted: true });
      },
    });
    await screen.findByRole("article", { name: "Post #4 by Ravi Kumar" });
    await userEvent.click(screen.getByRole("button", { name: "Bans" }));
    expect(await screen.findByText("Adverts")).toBeVisible();
    expect(requests.some((r) => r.startsWith("GET /api/moderation/discussion-bans"))).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Lift ban" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Lift the ban?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Lift ban" }));
    await waitFor(() => expect(lifted).toEqual(["user-ravi"]));
  });
});
