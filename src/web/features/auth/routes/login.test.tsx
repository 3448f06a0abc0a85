import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, stubFetch } from "@web/test/network.ts";
import { renderRoutes } from "@web/test/render.tsx";
import { Toaster } from "sonner";
import { describe, expect, it } from "vitest";
import { LoginPage } from "./login.tsx";

function renderLogin() {
  const page = (
    <>
      <LoginPage />
      <Toaster />
    </>
  );
  return renderRoutes([{ path: "/login", element: page }], { path: "/login", session: null });
}

function answer(status: number, body: unknown) {
  stubFetch(() => jsonResponse(status, body));
}

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Email"), email);
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Login" }));
}

describe("LoginPage", () => {
  it("tells a locked-out user how long to wait", async () => {
    const message =
      "Too many wrong passwords for this account. Please wait 30 seconds and try again, or reset your password.";
    answer(429, { error: { code: "RATE_LIMITED", message } });
    renderLogin();
    await submit("asha@example.com", "secret123");
    expect((await screen.findAllByText("Login Failed")).length).toBeGreaterThan(0);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("still gives the spec's message for a wrong password", async () => {
    answer(401, {
      error: { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" },
    });
    renderLogin();
    await submit("asha@example.com", "wrong-pass");
    expect((await screen.findAllByText("Login Failed")).length).toBeGreaterThan(0);
    expect(
      await screen.findByText("Invalid email or password. Please try again."),
    ).toBeInTheDocument();
  });
});
