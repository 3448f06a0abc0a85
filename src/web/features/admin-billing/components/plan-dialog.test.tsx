import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/network.ts";
import type { ComponentProps } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PlanDialog } from "./plan-dialog.tsx";

let requests: { url: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  requests = [];
  stubFetch(async (input, init) => {
    const request = new Request(new URL(String(input), "http://localhost"), init);
    const body = await request.json();
    requests.push({ url: new URL(request.url).pathname, method: request.method, body });
    return Response.json({ id: "new-plan", ...body }, { status: 201 });
  });
});

function renderDialog(plan: ComponentProps<typeof PlanDialog>["plan"] = null) {
  const onOpenChange = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <PlanDialog open plan={plan} onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

const existingPlan = {
  id: "8a7e2c1e-0000-4000-8000-000000000001",
  name: "Mains Monthly",
  description: null,
  price: 299,
  currency: "INR",
  durationDays: 30,
  examLimit: 20,
  attemptLimitPerExam: 3,
  practiceLimit: 60,
  evaluationLimit: 4,
  features: [],
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

async function fill(label: string, value: string) {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  if (value) await userEvent.type(field, value);
}

describe("PlanDialog", () => {
  it("starts from the spec's defaults", () => {
    renderDialog();
    expect(screen.getByRole("dialog", { name: "Add New Plan" })).toBeInTheDocument();
    expect(screen.getByLabelText("Price")).toHaveValue(0);
    expect(screen.getByLabelText("Currency")).toHaveValue("INR");
    expect(screen.getByLabelText("Duration (Days)")).toHaveValue(30);
    expect(screen.getByLabelText("Exam Limit")).toHaveValue(10);
    expect(screen.getByLabelText("Attempt Limit (per exam)")).toHaveValue(3);
    // A new plan allows unlimited practice tests and answer evaluations until the admin sets one.
    expect(screen.getByLabelText("Practice Limit (per month)")).toHaveValue(-1);
    expect(screen.getByLabelText("Evaluation Limit (per plan period)")).toHaveValue(-1);
    expect(screen.getByRole("switch", { name: "Active" })).toHaveAttribute("aria-checked", "true");
  });

  it("sends -1 as unlimited (null) and only the non-blank, trimmed features", async () => {
    const { onOpenChange } = renderDialog();
    await fill("Name", "Premium Yearly");
    await fill("Price", "2499");
    await fill("Duration (Days)", "0");
    await fill("Exam Limit", "-1");
    await fill("Attempt Limit (per exam)", "-1");
    await fill("Practice Limit (per month)", "30");
    await fill("Evaluation Limit (per plan period)", "5");
    await fill("Features (one per line)", "  Mentor support  {enter}{enter}   {enter}All mocks");
    await userEvent.click(screen.getByRole("button", { name: "Save Plan" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requests).toEqual([
      {
        url: "/api/admin/subscription-plans",
        method: "POST",
        body: {
          name: "Premium Yearly",
          description: null,
          price: 2499,
          currency: "INR",
          durationDays: 0,
          examLimit: null,
          attemptLimitPerExam: null,
          practiceLimit: 30,
          evaluationLimit: 5,
          features: ["Mentor support", "All mocks"],
          isActive: true,
        },
      },
    ]);
  });

  it("refuses a limit below -1 and a blank name, next to the fields, and sends nothing", async () => {
    const { onOpenChange } = renderDialog();
    await fill("Exam Limit", "-2");
    await fill("Attempt Limit (per exam)", "");
    await fill("Evaluation Limit (per plan period)", "-3");
    await userEvent.click(screen.getByRole("button", { name: "Save Plan" }));
    expect(screen.getByLabelText("Name")).toHaveAccessibleDescription("Plan name is required.");
    expect(screen.getByLabelText("Exam Limit")).toHaveAccessibleDescription(
      "Enter -1 for unlimited, or 0 or more.",
    );
    expect(screen.getByLabelText("Attempt Limit (per exam)")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(screen.getByLabelText("Evaluation Limit (per plan period)")).toHaveAccessibleDescription(
      "Enter -1 for unlimited, or 0 or more.",
    );
    expect(requests).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("keeps a limit of 0 as 0 (no premium exams), not unlimited", async () => {
    renderDialog();
    await fill("Name", "Free");
    await fill("Exam Limit", "0");
    await userEvent.click(screen.getByRole("button", { name: "Save Plan" }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toMatchObject({ examLimit: 0, attemptLimitPerExam: 3, features: [] });
  });

  it("shows a plan's evaluation limit for editing and sends the edit", async () => {
    const { onOpenChange } = renderDialog(existingPlan);
    expect(screen.getByLabelText("Evaluation Limit (per plan period)")).toHaveValue(4);
    await fill("Evaluation Limit (per plan period)", "10");
    await userEvent.click(screen.getByRole("button", { name: "Save Plan" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requests).toEqual([
      expect.objectContaining({
        url: `/api/admin/subscription-plans/${existingPlan.id}`,
        method: "PUT",
        body: expect.objectContaining({ evaluationLimit: 10, practiceLimit: 60 }),
      }),
    ]);
  });

  it("shows an unlimited evaluation limit (null) as -1", () => {
    renderDialog({ ...existingPlan, evaluationLimit: null });
    expect(screen.getByLabelText("Evaluation Limit (per plan period)")).toHaveValue(-1);
  });
});
