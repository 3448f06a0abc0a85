import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Plan } from "../api/subscriptions.ts";
import { PlanCard } from "./plan-card.tsx";

const plan = (overrides: Partial<Plan>): Plan => ({
  id: "3b7f6a0e-8d1c-4c55-9a51-0c1f1c1e2d3a",
  name: "Basic Monthly",
  description: null,
  price: 199,
  currency: "INR",
  durationDays: 30,
  examLimit: 5,
  attemptLimitPerExam: 1,
  practiceLimit: 20,
  evaluationLimit: 5,
  features: ["All premium mocks"],
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...overrides,
});

function renderCard(p: Plan, options: { isCurrent?: boolean } = {}) {
  const onChoose = vi.fn();
  render(
    <ul>
      <PlanCard
        plan={p}
        isCurrent={options.isCurrent ?? false}
        isBusy={false}
        onChoose={onChoose}
      />
    </ul>,
  );
  const card = screen.getByRole("heading", { name: p.name }).closest("li");
  if (!card) throw new Error("no card");
  return { card: within(card), onChoose };
}

describe("PlanCard price suffix and highlight (spec rule)", () => {
  it("adds /month for a name containing monthly, and does not highlight it", () => {
    const { card } = renderCard(plan({ name: "Basic MONTHLY" }));
    expect(card.getByText("₹199")).toBeInTheDocument();
    expect(card.getByText("/month")).toBeInTheDocument();
    expect(card.queryByText("Recommended")).not.toBeInTheDocument();
  });

  it("adds /year for yearly and highlights a plan whose name contains premium", () => {
    const { card } = renderCard(plan({ name: "Premium Yearly", price: 2499 }));
    expect(card.getByText("₹2,499")).toBeInTheDocument();
    expect(card.getByText("/year")).toBeInTheDocument();
    expect(card.getByText("Recommended")).toBeInTheDocument();
  });

  it("adds no suffix for other names", () => {
    const { card } = renderCard(plan({ name: "Test Series Quarterly", price: 799 }));
    expect(card.getByText("₹799").parentElement).toHaveTextContent(/^₹799$/);
    expect(card.queryByText("Recommended")).not.toBeInTheDocument();
  });

  it("lists the terms (singular at 1, unlimited for null) and the features", () => {
    const { card } = renderCard(plan({ examLimit: null, attemptLimitPerExam: 1, durationDays: 0 }));
    expect(card.getByText("Lifetime access")).toBeInTheDocument();
    // The plan's limit counts premium exams and, apart, premium quizzes (the entitlement rule).
    expect(card.getByText("Unlimited premium exams and quizzes")).toBeInTheDocument();
    expect(card.getByText("1 attempt at each")).toBeInTheDocument();
    expect(card.getByText("5 answer evaluations")).toBeInTheDocument();
    expect(card.getByText("All premium mocks")).toBeInTheDocument();
    const limited = renderCard(
      plan({
        name: "Limited",
        examLimit: 20,
        attemptLimitPerExam: null,
        durationDays: 30,
        evaluationLimit: null,
      }),
    );
    expect(limited.card.getByText("Unlimited answer evaluations")).toBeInTheDocument();
    const single = renderCard(plan({ name: "Single", evaluationLimit: 1 }));
    expect(single.card.getByText("1 answer evaluation")).toBeInTheDocument();
    expect(limited.card.getByText("30 days")).toBeInTheDocument();
    expect(
      limited.card.getByText("Up to 20 premium exams and 20 premium quizzes"),
    ).toBeInTheDocument();
    expect(limited.card.getByText("Unlimited attempts at each")).toBeInTheDocument();
  });

  it("offers the plan by name, Get Started when free, and Current Plan for the current one", async () => {
    const paid = plan({});
    const first = renderCard(paid);
    await userEvent.click(first.card.getByRole("button", { name: "Subscribe to Basic Monthly" }));
    expect(first.onChoose).toHaveBeenCalledWith(paid);

    renderCard(plan({ id: "a", name: "Free", price: 0 }));
    expect(screen.getByRole("button", { name: "Get Started" })).toBeInTheDocument();
    const current = renderCard(plan({ id: "b", name: "Pro" }), { isCurrent: true });
    expect(current.card.getByRole("button", { name: "Current Plan" })).toBeInTheDocument();
    expect(current.card.getByText("Current")).toBeInTheDocument();
  });
});
