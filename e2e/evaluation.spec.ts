import { request } from "@playwright/test";
import sharp from "sharp";
import { screenshot, seriousViolations, settle, WIDTHS } from "./a11y-helpers.ts";
import { apiAs, postOk } from "./api-setup.ts";
import { type Account, expect, runAdmin, test } from "./fixtures.ts";

// Answer evaluation (decision 042): a student uploads two handwritten pages from the phone, puts
// them in order and submits; a mentor claims the copy, draws a stroke, pins a comment, scores the
// rubric and publishes; the student sees the annotated copy and the marks. Set-up (the question,
// the mentor's role) goes through the API.
const indiaToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());

const page = (colour: string) =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: colour } })
    .png()
    .toBuffer();

test("a student submits a handwritten answer, a mentor annotates and scores it, the student reads it", async ({
  loginAs,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is set in playwright.config.ts");
  const admin = runAdmin();
  const adminApi = await apiAs(baseURL, admin.email, admin.password);
  const questionText = `Discuss the evolution of the Panchayati Raj institutions (${Date.now()}).`;
  const { id: questionId } = await postOk(adminApi, "/api/mains-questions", {
    paper: "gs2",
    questionText,
    directive: "Discuss",
    wordLimit: 150,
    marks: 10,
    publishDate: indiaToday(),
    modelAnswer: "Key points: the 73rd Amendment, three tiers, State Finance Commissions.",
  });

  // The student, on a phone.
  const student = await loginAs("student", { context: WIDTHS.phone, fullName: "Asha Verma" });
  await student.page.goto(`/student/answer-evaluation/${questionId}`);
  await expect(student.page.getByText(questionText)).toBeVisible();
  await student.page.getByLabel("Upload photos or a PDF").setInputFiles([
    { name: "first.png", mimeType: "image/png", buffer: await page("#fdfdf5") },
    { name: "second.png", mimeType: "image/png", buffer: await page("#f5f9ff") },
  ]);
  await expect(student.page.getByRole("button", { name: "Move page 2 up" })).toBeVisible();
  // Each page shows its own progress, then "Uploaded".
  await expect(student.page.getByText("Uploaded", { exact: true })).toHaveCount(2);
  await student.page.getByRole("button", { name: "Move page 2 up" }).click();
  await settle(student.page);
  expect(await seriousViolations(student.page)).toEqual([]);
  await screenshot(student.page, "answer-upload", "phone");
  await student.page.setViewportSize(WIDTHS.desktop.viewport);
  await screenshot(student.page, "answer-upload", "desktop");
  await student.page.setViewportSize(WIDTHS.phone.viewport);
  await student.page.getByRole("button", { name: "Submit for evaluation" }).click();
  await expect(student.page.getByText(/Evaluation due by/)).toBeVisible();

  // A mentor: an account an admin promotes through the API.
  const mentorUser: Account = {
    email: `mentor-${Date.now()}@example.com`,
    password: "Tq7-violet-harbor-92",
    fullName: "Meera Iyer",
  };
  // Signed up in a context of its own (a sign-up signs that context in).
  const visitor = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const signUp = await visitor.post("/api/auth/sign-up/email", {
    data: {
      name: mentorUser.fullName,
      email: mentorUser.email,
      password: mentorUser.password,
      metadata: {
        full_name: mentorUser.fullName,
        mobile_number: "",
        address: "",
        date_of_birth: "",
      },
    },
  });
  expect(signUp.ok()).toBe(true);
  await visitor.dispose();
  await postOk(adminApi, "/api/admin/mentors", { email: mentorUser.email });
  const mentor = await loginAs("student", { account: mentorUser, context: WIDTHS.desktop });
  await mentor.page.goto("/mentor");
  const row = mentor.page.getByRole("listitem").filter({ hasText: questionText });
  await row.getByRole("button", { name: /Claim/ }).click();
  await expect(mentor.page).toHaveURL(/\/mentor\/copies\/[0-9a-f-]{36}$/);
  const layer = mentor.page.getByRole("application", { name: "Annotate page 1" });
  await expect(layer).toBeVisible();
  // A stroke with the pen.
  await mentor.page.getByRole("button", { name: "Pen", exact: true }).click();
  const box = await layer.boundingBox();
  if (!box) throw new Error("no page to annotate");
  await mentor.page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2);
  await mentor.page.mouse.down();
  await mentor.page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.25, { steps: 8 });
  await mentor.page.mouse.up();
  // A comment pinned to a point.
  await mentor.page.getByRole("button", { name: "Comment", exact: true }).click();
  await layer.click({ position: { x: box.width * 0.5, y: box.height * 0.5 } });
  await mentor.page.getByRole("dialog").getByLabel("Comment").fill("Cite the 73rd Amendment here.");
  await mentor.page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  // The rubric: 1 + 3 + 1 + 1 + 1 + 1 = 8 of 10.
  const marks: [string, string][] = [
    ["Introduction", "1"],
    ["Body and content", "3"],
    ["Structure", "1"],
    ["Examples and data", "1"],
    ["Conclusion", "1"],
    ["Presentation", "1"],
  ];
  for (const [part, value] of marks)
    await mentor.page.getByLabel(part, { exact: true }).fill(value);
  await mentor.page.getByLabel("Overall comment").fill("A clear structure; add data.");
  await settle(mentor.page);
  expect(await seriousViolations(mentor.page)).toEqual([]);
  await screenshot(mentor.page, "mentor-evaluation", "desktop");
  await mentor.page.setViewportSize(WIDTHS.phone.viewport);
  await screenshot(mentor.page, "mentor-evaluation", "phone");
  await mentor.page.getByRole("button", { name: "Publish evaluation" }).click();
  await mentor.page
    .getByRole("alertdialog")
    .getByRole("button", { name: "Publish", exact: true })
    .click();
  await expect(mentor.page).toHaveURL(/\/mentor$/);

  // The student reads the evaluated copy.
  await student.page.reload();
  await expect(student.page.getByRole("heading", { name: "Your marks" })).toBeVisible();
  await expect(student.page.getByText("8 / 10").first()).toBeVisible();
  await expect(student.page.getByText("A clear structure; add data.")).toBeVisible();
  await expect(student.page.getByText("Cite the 73rd Amendment here.").first()).toBeAttached();
  await expect(student.page.getByText(/the 73rd Amendment, three tiers/)).toBeVisible();
  await settle(student.page);
  expect(await seriousViolations(student.page)).toEqual([]);
  await screenshot(student.page, "answer-evaluated", "phone");
  await student.page.setViewportSize(WIDTHS.desktop.viewport);
  await screenshot(student.page, "answer-evaluated", "desktop");
  await adminApi.dispose();
});
