import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, stubApi, stubFetch } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
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
    await submit("asha@example.com", "Tq7-violet-harbor-92");
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

  it("asks for the authenticator code after a right password, and explains a wrong one", async () => {
    const calls: { url: string; body: unknown }[] = [];
    const replies = [
      [200, { twoFactorRedirect: true, twoFactorMethods: ["totp"] }],
      [401, { error: { code: "INVALID_CODE", message: "Invalid code" } }],
      [200, { token: "t", user: { id: "u1" } }],
      [200, null],
    ] as const;
    stubFetch((input, init) => {
      calls.push({
        url: String(input),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      const [status, body] = replies[Math.min(calls.length - 1, replies.length - 1)] ?? [500, {}];
      return jsonResponse(status, body);
    });
    renderLogin();
    await submit("admin@example.com", "Tq7-violet-harbor-92");
    const user = userEvent.setup();
    const code = await screen.findByLabelText("Authentication code");
    expect(screen.getByRole("heading", { name: "Two-factor sign-in" })).toBeInTheDocument();
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).toHaveAttribute("inputmode", "numeric");

    await user.type(code, "12345");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(
      await screen.findByText("Enter the 6-digit code from your authenticator app."),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(1);

    await user.type(code, "6");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    const wrong = "That code did not match. Check the time on your phone and try the current code.";
    expect((await screen.findAllByText(wrong)).length).toBeGreaterThan(0);
    expect(code).toHaveAttribute("aria-invalid", "true");
    expect(calls[1]).toEqual({ url: "/api/auth/two-factor/verify-totp", body: { code: "123456" } });

    await user.clear(code);
    await user.type(code, "654 321");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect((await screen.findAllByText("Login Successful")).length).toBeGreaterThan(0);
    expect(calls[2]).toEqual({ url: "/api/auth/two-factor/verify-totp", body: { code: "654321" } });
  });

  it("signs in with a backup code instead of the app's code, and explains a used one", async () => {
    const calls: { url: string; body: unknown }[] = [];
    const replies = [
      [200, { twoFactorRedirect: true, twoFactorMethods: ["totp"] }],
      [401, { error: { code: "INVALID_BACKUP_CODE", message: "Invalid backup code" } }],
      [200, { token: "t", user: { id: "u1" } }],
      [200, null],
    ] as const;
    stubFetch((input, init) => {
      calls.push({
        url: String(input),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      const [status, body] = replies[Math.min(calls.length - 1, replies.length - 1)] ?? [500, {}];
      return jsonResponse(status, body);
    });
    renderLogin();
    await submit("admin@example.com", "Tq7-violet-harbor-92");
    const user = userEvent.setup();
    await screen.findByLabelText("Authentication code");
    await user.click(screen.getByRole("button", { name: "Use a backup code" }));
    const code = screen.getByLabelText("Backup code");
    expect(screen.queryByLabelText("Authentication code")).toBeNull();

    await user.type(code, "abc");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(
      await screen.findByText(
        "Enter one of your backup codes: ten letters and digits, such as Ab3dE-fG7hJ.",
      ),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(1);

    await user.clear(code);
    await user.type(code, "Ab3dE-fG7hJ");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    const used = "That backup code did not match, or it has been used already.";
    expect((await screen.findAllByText(used)).length).toBeGreaterThan(0);
    expect(code).toHaveAttribute("aria-invalid", "true");
    expect(calls[1]).toEqual({
      url: "/api/auth/two-factor/verify-backup-code",
      body: { code: "Ab3dE-fG7hJ" },
    });

    // Typed without the dash (and with a space), it is sent as the plugin wrote it.
    await user.clear(code);
    await user.type(code, "Xy9zQ 2wE4r");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect((await screen.findAllByText("Login Successful")).length).toBeGreaterThan(0);
    expect(calls[2]).toEqual({
      url: "/api/auth/two-factor/verify-backup-code",
      body: { code: "Xy9zQ-2wE4r" },
    });
  });

  it("goes back to the password when the pending sign-in has expired", async () => {
    const replies = [
      [200, { twoFactorRedirect: true, twoFactorMethods: ["totp"] }],
      [401, { error: { code: "INVALID_TWO_FACTOR_COOKIE", message: "Invalid two factor cookie" } }],
    ] as const;
    let call = 0;
    stubFetch(() => {
      const [status, body] = replies[call++] ?? [500, {}];
      return jsonResponse(status, body);
    });
    renderLogin();
    await submit("admin@example.com", "Tq7-violet-harbor-92");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(
      (
        await screen.findAllByText(
          "Your sign-in has expired. Please enter your email and password again.",
        )
      ).length,
    ).toBeGreaterThan(0);
    expect(await screen.findByRole("button", { name: "Login" })).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toHaveValue("");
  });
});

describe("LoginPage's onboarding offer", () => {
  function renderWithDestinations() {
    return renderRoutes(
      [
        { path: "/login", element: <LoginPage /> },
        { path: "/student/welcome", element: <p>Onboarding page</p> },
        { path: "/student/dashboard", element: <p>Student dashboard</p> },
      ],
      { path: "/login", session: null },
    );
  }
  const signedIn = (offer: boolean) =>
    stubApi({
      "POST /api/auth/sign-in/email": () => jsonResponse(200, { token: "t", user: { id: "u1" } }),
      "POST /api/onboarding/offer": () => jsonResponse(200, { offer }),
      "GET /api/account/me": () => jsonResponse(200, studentSession("Asha Rao")),
    });

  it("takes a student who never finished onboarding there, once the server offers it", async () => {
    const { requests } = signedIn(true);
    renderWithDestinations();
    await submit("asha@example.com", "Tq7-violet-harbor-92");
    expect(await screen.findByText("Onboarding page")).toBeInTheDocument();
    expect(requests).toContain("POST /api/onboarding/offer");
  });

  it("goes to the dashboard when the server makes no offer", async () => {
    signedIn(false);
    renderWithDestinations();
    await submit("asha@example.com", "Tq7-violet-harbor-92");
    expect(await screen.findByText("Student dashboard")).toBeInTheDocument();
  });
});
