import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { jsonResponse, stubFetch } from "@web/test/network.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CSV_TEXT_MESSAGES } from "../../../../shared/csv-text.ts";
import { CSV_REQUIRED_HEADERS, CSV_TAG_HEADERS } from "../../../../shared/question-csv.ts";
import { CsvUploadDialog } from "./csv-upload-dialog.tsx";

const EXAM = { id: "8a7e2c1e-0000-4000-8000-000000000002", title: "Polity Mock 1" };
const HEADER = CSV_REQUIRED_HEADERS.join(",");
// Row 2 is already in the exam (the server says so), row 4 repeats row 3, row 5 is new.
const CSV = [
  HEADER,
  "Who appoints the CAG?,The President,The PM,Parliament,The CJI,A,",
  "Who wrote the Discovery of India?,Gandhi,Nehru,Tagore,Azad,B,",
  "who wrote the  DISCOVERY of India?,Nehru,Gandhi,Tagore,Azad,B,",
  "The Ramsar Convention protects:,Wetlands,Deserts,Forests,Oceans,A,",
].join("\n");

type Call = { url: string; body: Record<string, string> };

/** The import's form as plain fields, the file by its text (as the server would decode it). */
async function formFields(body: unknown): Promise<Record<string, string>> {
  if (!(body instanceof FormData)) throw new Error("the import is sent as a multipart form");
  const fields: Record<string, string> = {};
  for (const [name, value] of body.entries()) {
    fields[name] = typeof value === "string" ? value : await value.text();
  }
  return fields;
}

function stubServer(onForm?: (form: FormData) => void) {
  const calls: Call[] = [];
  stubFetch(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (init?.body instanceof FormData) onForm?.(init.body);
    const body = await formFields(init?.body);
    calls.push({ url, body });
    const json =
      body.dryRun === "true"
        ? {
            inserted: 0,
            valid: 4,
            skipped: [],
            duplicates: [
              { row: 2, reason: "target" },
              { row: 4, reason: "file", firstRow: 3 },
            ],
            duplicatesSkipped: 0,
          }
        : { inserted: 4, valid: 4, skipped: [], duplicates: [], duplicatesSkipped: 0 };
    return jsonResponse(200, json);
  });
  return calls;
}

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CsvUploadDialog
        open
        onOpenChange={() => {}}
        exams={[EXAM]}
        quizzes={[]}
        defaultTarget={`exam:${EXAM.id}`}
      />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("CsvUploadDialog", () => {
  it("offers the header-only template and the example as separate downloads", () => {
    stubServer();
    renderDialog();
    const template = screen.getByRole("link", { name: "Download template" });
    expect(template).toHaveAttribute("href", "/api/admin/questions/csv-template");
    expect(template).toHaveAttribute("download", "questions-template.csv");
    const example = screen.getByRole("link", { name: "Download example" });
    expect(example).toHaveAttribute("href", "/api/admin/questions/csv-example");
    expect(example).toHaveAttribute("download", "questions-example.csv");
  });

  it("flags rows already in the exam and repeats in the file, skips them by default, and can import them anyway", async () => {
    vi.spyOn(notify, "error").mockImplementation(() => "");
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    const calls = stubServer();
    renderDialog();
    await userEvent.upload(
      screen.getByLabelText("CSV file"),
      new File([CSV], "batch.csv", { type: "text/csv" }),
    );

    expect(await screen.findByText("Already in this exam")).toBeVisible();
    expect(screen.getByText("Duplicate of row 3")).toBeVisible();
    const list = screen.getByRole("list", { name: "Duplicate rows" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Row 2: already in this exam.", "Row 4: the same question as row 3."]);
    expect(screen.getByText("2 duplicates will be skipped")).toBeVisible();
    const skip = screen.getByRole("checkbox", { name: "Skip duplicates" });
    expect(skip).toBeChecked();
    expect(screen.getByRole("button", { name: "Upload 2 Questions" })).toBeEnabled();
    expect(calls).toEqual([
      {
        url: expect.stringMatching(/\/api\/admin\/questions\/import$/),
        body: { examId: EXAM.id, file: CSV, createMissingTags: "false", dryRun: "true" },
      },
    ]);

    await userEvent.click(skip);
    expect(screen.getByText("2 duplicates will be imported anyway")).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Upload 4 Questions" }));
    await vi.waitFor(() =>
      expect(success).toHaveBeenCalledWith("Success", "4 questions uploaded successfully."),
    );
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual({
      url: expect.stringMatching(/\/api\/admin\/questions\/import$/),
      body: { examId: EXAM.id, file: CSV, skipDuplicates: "false", createMissingTags: "false" },
    });
  });

  it("decodes the file strictly, as the server does: a Windows-1252 file is refused, UTF-16 previewed", async () => {
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    const sent: unknown[] = [];
    const calls = stubServer((form) => sent.push(form.get("file")));
    renderDialog();
    const accented = `${HEADER}\nWhich river flows through Orléans?,Loire,Seine,Rhône,Garonne,A,\n`;
    await userEvent.upload(
      screen.getByLabelText("CSV file"),
      new File([new Uint8Array(Buffer.from(accented, "latin1"))], "libreoffice.csv"),
    );
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith("Upload Error", CSV_TEXT_MESSAGES.notUtf8, {
        duration: 12000,
      }),
    );
    expect(screen.queryByText(/Orl/)).toBeNull();
    expect(calls).toEqual([]);

    // Excel's "Unicode Text": UTF-16 LE with its BOM, tab-separated.
    const unicodeText = accented.replaceAll(",", "\t");
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from(unicodeText, "utf16le")]);
    await userEvent.upload(
      screen.getByLabelText("CSV file"),
      new File([utf16], "unicode.txt", { type: "text/plain" }),
    );
    expect(await screen.findByText("Which river flows through Orléans?")).toBeVisible();
    // The dry run sends the file's own bytes, for the server to decode again.
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body.dryRun).toBe("true");
    expect(new Uint8Array(await (sent[0] as File).arrayBuffer())).toEqual(utf16);
  });

  it("flags repeats within the file before the server answers, and sends skipDuplicates", async () => {
    vi.spyOn(notify, "error").mockImplementation(() => "");
    const calls = stubServer();
    renderDialog();
    await userEvent.selectOptions(screen.getByLabelText("Exam or quiz"), "");
    await userEvent.upload(
      screen.getByLabelText("CSV file"),
      new File([CSV], "batch.csv", { type: "text/csv" }),
    );
    // No target chosen: no server check, the in-file repeat is still flagged.
    expect(await screen.findByText("Duplicate of row 3")).toBeVisible();
    expect(screen.queryByText("Already in this exam")).toBeNull();
    expect(screen.getByText("1 duplicate will be skipped")).toBeVisible();
    expect(screen.getByRole("button", { name: "Upload 3 Questions" })).toBeEnabled();
    expect(calls).toEqual([]);
  });

  it("offers to create the subjects and topics the file names that do not exist", async () => {
    vi.spyOn(notify, "error").mockImplementation(() => "");
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    const csv = [
      [...CSV_REQUIRED_HEADERS, ...CSV_TAG_HEADERS].join(","),
      "Who appoints the CAG?,The President,The PM,Parliament,The CJI,A,,Polity,Constitutional Bodies,easy,",
      "The Ramsar Convention protects:,Wetlands,Deserts,Forests,Oceans,A,,Ecology,Wetlands,medium,2019",
    ].join("\n");
    const calls: Call[] = [];
    stubFetch(async (input, init) => {
      const body = await formFields(init?.body);
      calls.push({ url: String(input), body });
      const create = body.createMissingTags === "true";
      const base = { inserted: 0, duplicates: [], duplicatesSkipped: 0 };
      const missingTags = {
        subjects: ["Ecology"],
        topics: [{ subject: "Ecology", topic: "Wetlands" }],
      };
      if (body.dryRun !== "true")
        return jsonResponse(200, { ...base, inserted: 2, valid: 2, skipped: [], missingTags });
      return jsonResponse(200, {
        ...base,
        valid: create ? 2 : 1,
        skipped: create
          ? []
          : [
              {
                row: 3,
                message: "Row 3: Unknown subject 'Ecology'.",
                text: {
                  key: "Row {{row}}: Unknown subject '{{subject}}'.",
                  values: { row: 3, subject: "Ecology" },
                },
              },
            ],
        missingTags,
      });
    });
    renderDialog();
    await userEvent.upload(
      screen.getByLabelText("CSV file"),
      new File([csv], "tagged.csv", { type: "text/csv" }),
    );
    expect(await screen.findByText("Row 3: Unknown subject 'Ecology'.")).toBeVisible();
    expect(screen.getByText("Polity · Constitutional Bodies · Easy")).toBeVisible();
    expect(screen.getByText("New subjects: Ecology.")).toBeVisible();
    expect(screen.getByText("New topics: Ecology / Wetlands.")).toBeVisible();
    const create = screen.getByRole("checkbox", { name: "Create missing subjects and topics" });
    expect(create).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Upload 1 Questions" })).toBeEnabled();

    await userEvent.click(create);
    expect(await screen.findByRole("button", { name: "Upload 2 Questions" })).toBeEnabled();
    expect(screen.queryByText("Row 3: Unknown subject 'Ecology'.")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Upload 2 Questions" }));
    await vi.waitFor(() =>
      expect(success).toHaveBeenCalledWith("Success", "2 questions uploaded successfully."),
    );
    expect(calls.map((c) => [c.body.dryRun ?? "false", c.body.createMissingTags])).toEqual([
      ["true", "false"],
      ["true", "true"],
      ["false", "true"],
    ]);
  });
});
