import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { jsonResponse, stubFetch } from "@web/test/network.ts";
import { renderPage } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TAXONOMY_MESSAGES } from "../../../../shared/taxonomy.ts";
import { ManageSubjectsPage } from "./manage-subjects.tsx";

const POLITY = "8a7e2c1e-0000-4000-8000-0000000000a1";
const HISTORY = "8a7e2c1e-0000-4000-8000-0000000000a2";
const PARLIAMENT = "8a7e2c1e-0000-4000-8000-0000000000b1";
const JUDICIARY = "8a7e2c1e-0000-4000-8000-0000000000b2";
const MODERN = "8a7e2c1e-0000-4000-8000-0000000000b3";

const SUBJECTS = [
  {
    id: POLITY,
    name: "Polity",
    questionCount: 3,
    topics: [
      { id: JUDICIARY, name: "Judiciary", questionCount: 0 },
      { id: PARLIAMENT, name: "Parliament", questionCount: 3 },
    ],
  },
  {
    id: HISTORY,
    name: "History",
    questionCount: 0,
    topics: [{ id: MODERN, name: "Modern India", questionCount: 0 }],
  },
];

type Call = { method: string; url: string; body: unknown };

function stubServer(answers: Record<string, () => Response> = {}) {
  const calls: Call[] = [];
  stubFetch(async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://test");
    const method = init?.method ?? "GET";
    calls.push({
      method,
      url: url.pathname,
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    const answer = answers[`${method} ${url.pathname}`];
    if (answer) return answer();
    if (method === "GET" && url.pathname === "/api/admin/subjects")
      return jsonResponse(200, { items: SUBJECTS, total: SUBJECTS.length, page: 1, pageSize: 20 });
    if (method === "GET" && url.pathname === "/api/subjects") {
      const names = SUBJECTS.map((s) => ({
        id: s.id,
        name: s.name,
        topics: s.topics.map((t) => ({ id: t.id, name: t.name })),
      }));
      return jsonResponse(200, names);
    }
    return jsonResponse(200, {});
  });
  return calls;
}

const renderSubjects = () => renderPage(<ManageSubjectsPage />);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("ManageSubjectsPage", () => {
  it("lists each subject with its topics and question counts, and adds a topic", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    const calls = stubServer({
      [`POST /api/admin/subjects/${HISTORY}/topics`]: () =>
        jsonResponse(201, { id: "t", subjectId: HISTORY, name: "Freedom Struggle" }),
    });
    renderSubjects();
    expect(await screen.findByRole("heading", { name: "Subjects and Topics" })).toBeVisible();
    const polity = within(await screen.findByRole("list", { name: "Topics of Polity" }));
    expect(polity.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Judiciary0 questions",
      "Parliament3 questions",
    ]);

    await userEvent.click(screen.getByRole("button", { name: "Add a topic to History" }));
    const dialog = within(screen.getByRole("dialog", { name: "Add Topic to History" }));
    await userEvent.type(dialog.getByLabelText("Topic name"), "Freedom Struggle");
    await userEvent.click(dialog.getByRole("button", { name: "Add Topic" }));
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      {
        method: "POST",
        url: `/api/admin/subjects/${HISTORY}/topics`,
        body: { name: "Freedom Struggle" },
      },
    ]);
    expect(success).toHaveBeenCalledWith("Success", "Topic created.");
  });

  it("refuses to delete a topic in use, and shows the server's refusal of a subject", async () => {
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    const calls = stubServer({
      [`DELETE /api/admin/subjects/${HISTORY}`]: () =>
        jsonResponse(409, {
          error: { code: "CONFLICT", message: TAXONOMY_MESSAGES.subjectInUse(1) },
        }),
    });
    renderSubjects();
    await userEvent.click(await screen.findByRole("button", { name: "Delete topic Parliament" }));
    await userEvent.click(
      within(screen.getByRole("alertdialog", { name: "Delete Topic" })).getByRole("button", {
        name: "Delete",
      }),
    );
    expect(error).toHaveBeenCalledWith("Cannot Delete Topic", TAXONOMY_MESSAGES.topicInUse(3));

    await userEvent.click(screen.getByRole("button", { name: "Delete History" }));
    const confirm = within(screen.getByRole("alertdialog", { name: "Delete Subject" }));
    expect(confirm.getByText(/delete the subject "History" and its 1 topic/)).toBeVisible();
    await userEvent.click(confirm.getByRole("button", { name: "Delete" }));
    expect(error).toHaveBeenCalledWith("Cannot Delete Subject", TAXONOMY_MESSAGES.subjectInUse(1));
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual([
      `/api/admin/subjects/${HISTORY}`,
    ]);
  });

  it("merges a topic into a topic of another subject", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    const calls = stubServer({
      [`POST /api/admin/subjects/topics/${PARLIAMENT}/merge`]: () =>
        jsonResponse(200, { id: PARLIAMENT, targetTopicId: MODERN, moved: 3 }),
    });
    renderSubjects();
    await userEvent.click(await screen.findByRole("button", { name: "Merge topic Parliament" }));
    const dialog = within(screen.getByRole("dialog", { name: 'Merge Topic "Parliament"' }));
    const select = dialog.getByLabelText("Merge into");
    // The topic itself is not offered.
    expect(within(select).queryByRole("option", { name: "Parliament" })).toBeNull();
    await userEvent.click(dialog.getByRole("button", { name: "Merge Topic" }));
    expect(select).toHaveAccessibleDescription("Choose the topic to merge into.");
    await userEvent.selectOptions(select, MODERN);
    await userEvent.click(dialog.getByRole("button", { name: "Merge Topic" }));
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      {
        method: "POST",
        url: `/api/admin/subjects/topics/${PARLIAMENT}/merge`,
        body: { targetTopicId: MODERN },
      },
    ]);
    expect(success).toHaveBeenCalledWith("Success", "Topic merged: 3 question(s) moved.");
  });
});
