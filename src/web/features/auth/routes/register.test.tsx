import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderRoutes } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { RegisterPage } from "./register.tsx";

function renderRegister() {
  return renderRoutes([{ path: "/register", element: <RegisterPage /> }], {
    path: "/register",
    session: null,
  });
}

describe("RegisterPage", () => {
  it("shows the spec's message when the passwords differ", async () => {
    renderRegister();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Full Name"), "Asha Rao");
    await user.type(screen.getByLabelText("Email"), "asha@example.com");
    await user.type(screen.getByLabelText("Password"), "Tq7-violet-harbor-92");
    await user.type(screen.getByLabelText("Confirm Password"), "secret124");
    await user.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText("Passwords do not match.")).toBeInTheDocument();
  });

  it("shows the spec's message for a short password", async () => {
    renderRegister();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Password"), "12345");
    await user.click(screen.getByRole("button", { name: "Register" }));
    expect(
      await screen.findByText("Password must be at least 6 characters long."),
    ).toBeInTheDocument();
  });

  it("toggles password visibility with an accessible button", async () => {
    renderRegister();
    const user = userEvent.setup();
    const input = screen.getByLabelText("Password");
    expect(input).toHaveAttribute("type", "password");
    await user.click(screen.getAllByRole("button", { name: "Show password" })[0]!);
    expect(input).toHaveAttribute("type", "text");
  });
});
