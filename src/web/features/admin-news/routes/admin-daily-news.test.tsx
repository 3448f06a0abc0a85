import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { applyLanguage } from "@web/lib/i18n.ts";
import { notify } from "@web/lib/toast.ts";
import { stubFetch } from "@web/test/network.ts";
import { renderPage } from "@web/test/render.tsx";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AdminDailyNewsPage } from "./admin-daily-news.tsx";

const ENTRY = {
  id: "8a7e2c1e-0000-4000-8000-000000000010",
  title: "Monsoon arrives early",
  excerpt: null,
  publishedDate: "2026-11-20",
  createdAt: "2026-11-20T04:00:00.000Z",
  updatedAt: "2026-11-21T05:30:00.000Z",
};

let items: (typeof ENTRY)[] = [];
let listStatus = 200;
const requests: string[] = [];

beforeEach(() => {
  items = [ENTRY];
  listStatus = 200;
  requests.length = 0;
  stubFetch(async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    requests.push(`${init?.method ?? "GET"} ${url.pathname}${url.search}`);
    if (init?.method === "DELETE") {
      items = items.filter((i) => !url.pathname.endsWith(i.id));
      return Response.json({ ok: true });
    }
    if (listStatus !== 200) {
      return Response.json(
        { error: { code: "INTERNAL", message: "Database offline." } },
        { status: listStatus },
      );
    }
    return Response.json({ items, total: items.length, page: 1, pageSize: 20 });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const renderIt = () => renderPage(<AdminDailyNewsPage />);

describe("AdminDailyNewsPage (through the resource kit)", () => {
  it("lists the entries a page at a time, each cell labelled for the phone cards", async () => {
    renderIt();
    const cell = await screen.findByRole("cell", { name: ENTRY.title });
    expect(cell).toHaveAttribute("data-label", "Title");
    expect(requests).toEqual(["GET /api/news?page=1&pageSize=20"]);
  });

  it("deletes after the confirmation, with the spec's toast, and shows the empty state", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    renderIt();
    await userEvent.click(await screen.findByRole("button", { name: `Delete "${ENTRY.title}"` }));
    const confirm = screen.getByRole("alertdialog", { name: "Confirm Deletion" });
    expect(confirm).toHaveTextContent(
      `Are you sure you want to delete the news entry: "${ENTRY.title}"? This action cannot be undone.`,
    );
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        "News Entry Deleted",
        `"${ENTRY.title}" has been deleted.`,
      ),
    );
    expect(requests).toContain(`DELETE /api/news/${ENTRY.id}`);
    expect(await screen.findByText("No news entries found.")).toBeInTheDocument();
  });

  it("shows the error state with a retry, and toasts the fetch error once from the query's meta", async () => {
    listStatus = 500;
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    renderIt();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Error Fetching News Entries");
    expect(alert).toHaveTextContent("Database offline.");
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith("Error Fetching News Entries", "Database offline.");
    listStatus = 200;
    await userEvent.click(within(alert).getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("cell", { name: ENTRY.title })).toBeInTheDocument();
  });
});

describe("the news form's Hindi version", () => {
  const HINDI = { titleHi: "मानसून समय से पहले पहुँचा", excerptHi: "ख़रीफ़ की बुवाई पर असर।" };

  function stubEntry(entry: Record<string, unknown>) {
    const sent: { method: string; path: string; body: Record<string, unknown> }[] = [];
    stubFetch(async (input, init) => {
      const url = new URL(String(input), "http://localhost");
      const method = init?.method ?? "GET";
      if (method !== "GET") {
        const body = JSON.parse(String(init?.body));
        sent.push({ method, path: url.pathname, body });
        return Response.json({ ...entry, ...body }, { status: method === "POST" ? 201 : 200 });
      }
      if (url.pathname === `/api/news/${ENTRY.id}`) return Response.json(entry);
      return Response.json({ items: [entry], total: 1, page: 1, pageSize: 20 });
    });
    return sent;
  }

  it("offers the Hindi title, body and summary in a section of their own, and sends them", async () => {
    vi.spyOn(notify, "success").mockImplementation(() => "");
    const sent = stubEntry(ENTRY);
    const user = userEvent.setup();
    renderIt();
    await user.click(await screen.findByRole("button", { name: "Add New Entry" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Entry" });
    const section = within(dialog).getByRole("group", { name: "Hindi version (optional)" });
    expect(within(section).getByLabelText("Title (Hindi)")).toHaveAttribute("lang", "hi");
    expect(within(section).getByText("Full Content (Hindi)")).toBeInTheDocument();
    await waitFor(() => expect(section.querySelector(".ql-editor")).toHaveAttribute("lang", "hi"));
    await user.type(within(dialog).getByLabelText("Title"), ENTRY.title);
    await user.type(within(section).getByLabelText("Title (Hindi)"), HINDI.titleHi);
    await user.type(within(section).getByLabelText("Excerpt (Hindi, optional)"), HINDI.excerptHi);
    await user.click(within(dialog).getByRole("button", { name: "Create Entry" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: "POST",
      path: "/api/news",
      body: { title: ENTRY.title, ...HINDI },
    });
  });

  it("loads an entry's Hindi version for editing", async () => {
    stubEntry({ ...ENTRY, content: "<p>Body</p>", ...HINDI, contentHi: "<p>मुख्य भाग</p>" });
    const user = userEvent.setup();
    renderIt();
    await user.click(await screen.findByRole("button", { name: `Edit "${ENTRY.title}"` }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Entry" });
    expect(await within(dialog).findByLabelText("Title (Hindi)")).toHaveValue(HINDI.titleHi);
    expect(within(dialog).getByLabelText("Excerpt (Hindi, optional)")).toHaveValue(HINDI.excerptHi);
    expect(await within(dialog).findByText("मुख्य भाग")).toBeInTheDocument();
  });
});

/**
 * English words the shared admin kit (ResourceList, RowActions, PageHeader, Dialog, DialogForm)
 * still shows: it is translated apart from this screen. Allowed, never required, so this test
 * keeps passing when the kit is in Hindi; drop a word here once the kit translates it.
 */
/** The names of the controls and headings a reader meets, with English words left in them. */
function englishControlText(root: HTMLElement): string[] {
  const roles = ["button", "link", "heading", "columnheader", "textbox", "dialog"] as const;
  const names = roles.flatMap((role) =>
    within(root)
      .queryAllByRole(role)
      .map((element) => element.getAttribute("aria-label") ?? element.textContent ?? ""),
  );
  const labels = [...root.querySelectorAll("label")].map((label) => label.textContent ?? "");
  return [...names, ...labels].filter((name) => /[A-Za-z]{2,}/.test(name));
}

describe("AdminDailyNewsPage in Hindi", () => {
  const HINDI_ENTRY = { ...ENTRY, title: "मानसून समय से पहले पहुँचा" };

  beforeEach(async () => {
    items = [HINDI_ENTRY];
    await applyLanguage("hi");
  });

  it("shows the list, the dialog and its validation in Hindi, with no English control text", async () => {
    const user = userEvent.setup();
    const { container } = renderIt();
    expect(
      await screen.findByRole("heading", { name: "दैनिक समाचार प्रबंधित करें" }),
    ).toBeInTheDocument();
    expect(screen.getByText("दैनिक समाचार विश्लेषण लिखें और संपादित करें।")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "नई प्रविष्टि जोड़ें" })).toBeInTheDocument();
    await screen.findByRole("cell", { name: HINDI_ENTRY.title });
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(["शीर्षक", "प्रकाशन तिथि", "अंतिम अपडेट"]));
    // Dates follow the language: hi-IN's short month.
    expect(screen.getByRole("cell", { name: "20 नव॰ 2026" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: HINDI_ENTRY.title })).toHaveAttribute(
      "data-label",
      "शीर्षक",
    );
    expect(englishControlText(container)).toEqual([]);

    await user.click(screen.getByRole("button", { name: "नई प्रविष्टि जोड़ें" }));
    const dialog = await screen.findByRole("dialog", { name: "नई प्रविष्टि जोड़ें" });
    expect(within(dialog).getByLabelText("शीर्षक")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("सारांश (वैकल्पिक)")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("प्रकाशन तिथि")).toBeInTheDocument();
    // The English summary's hint, and the Hindi summary's.
    expect(
      within(dialog).getAllByText("खाली छोड़ने पर सामग्री के पहले 200 अक्षर सारांश बनेंगे।"),
    ).toHaveLength(2);
    // The editor's toolbar, once its chunk has loaded, names its buttons in Hindi (the English
    // body's editor comes first, then the Hindi version's).
    const [toolbar] = await within(dialog).findAllByRole("toolbar");
    if (!toolbar) throw new Error("no toolbar");
    expect(within(toolbar).getByRole("button", { name: "चित्र जोड़ें" })).toBeInTheDocument();
    expect(within(toolbar).getByRole("button", { name: "क्रमांकित सूची" })).toBeInTheDocument();
    expect(within(toolbar).getByRole("button", { name: "शीर्षक स्तर" })).toHaveAttribute(
      "data-label",
      "सामान्य",
    );

    await user.click(within(dialog).getByRole("button", { name: "प्रविष्टि बनाएँ" }));
    expect(await within(dialog).findByText("शीर्षक आवश्यक है।")).toBeInTheDocument();
    expect(requests.filter((r) => !r.startsWith("GET"))).toEqual([]);
    expect(englishControlText(dialog)).toEqual([]);
  });

  it("toasts a failed load with the query's title in Hindi", async () => {
    listStatus = 500;
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    renderIt();
    expect(await screen.findByRole("alert")).toHaveTextContent("समाचार प्रविष्टियाँ लाने में त्रुटि");
    expect(error).toHaveBeenCalledWith("समाचार प्रविष्टियाँ लाने में त्रुटि", "Database offline.");
  });
});
