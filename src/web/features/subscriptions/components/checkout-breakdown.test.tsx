import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CheckoutBreakdownDialog, hasReductions } from "./checkout-breakdown.tsx";

const BREAKDOWN = { planPrice: 499, referralDiscount: 49.9, creditApplied: 100, amount: 349.1 };

describe("CheckoutBreakdownDialog", () => {
  it("lists the price, the referral discount, the credit and the amount to pay", async () => {
    const onPay = vi.fn();
    const onCancel = vi.fn();
    render(
      <CheckoutBreakdownDialog
        open
        planName="Pro Monthly"
        currency="INR"
        breakdown={BREAKDOWN}
        onPay={onPay}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole("dialog", { name: "Your price for Pro Monthly" });
    expect(within(dialog).getByText("Plan price").nextSibling).toHaveTextContent("₹499");
    expect(within(dialog).getByText("Referral discount").nextSibling).toHaveTextContent("−₹49.9");
    expect(within(dialog).getByText("Referral credit applied").nextSibling).toHaveTextContent(
      "−₹100",
    );
    expect(within(dialog).getByText("Amount to pay").nextSibling).toHaveTextContent("₹349.1");
    await userEvent.click(within(dialog).getByRole("button", { name: "Pay ₹349.10" }));
    expect(onPay).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalled();
  });

  it("is needed only when something was taken off", () => {
    expect(hasReductions(BREAKDOWN)).toBe(true);
    expect(
      hasReductions({ planPrice: 499, referralDiscount: 0, creditApplied: 0, amount: 499 }),
    ).toBe(false);
    expect(hasReductions(undefined)).toBe(false);
  });
});
