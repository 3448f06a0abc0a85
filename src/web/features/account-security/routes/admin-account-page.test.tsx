import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, stubFetch } from "@web/test/network.ts";
import { adminSession, renderRoutes } from "@web/test/render.tsx";
import { Toaster } from "sonner";
import { describe, expect, it } from "vitest";
import { AdminAccountPage } from "./admin-account-page.tsx";

const URI =
  "otpauth://totp/UPSC%20Prep:asha%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=UPSC+Prep&digits=6&period=30";

function renderPage(twoFactorEnabled: boolean) {
  const page = (
    <>
      <AdminAccountPage />
      <Toaster />
    </>
  );
  return renderRoutes([{ path: "/admin/account", element: page }], {
    path: "/admin/account",
    session: adminSession({ twoFactorEnabled }),
  });
}

/** Answers fetch calls in order and records what was sent. */
function stubReplies(replies: [number, unknown][]) {
  const calls: { url: string; body: unknown }[] = [];
  stubFetch((input, init) => {
    calls.push({
      url: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const [status, body] = replies[calls.length - 1] ?? [200, null];
    return jsonResponse(status, body);
  });
  return calls;
}

describe("AdminAccountPage: two-factor sign-in", () => {
  it("sets up an authenticator app: password, setup key and link, then a first code", async () => {
    const calls = stubReplies([
      [400, { error: { code: "INVALID_PASSWORD", message: "Invalid password" } }],
      [200, { totpURI: URI, backupCodes: [] }],
      [401, { error: { code: "INVALID_CODE", message: "Invalid code" } }],
      [200, { token: "t", user: { id: "u1" } }],
    ]);
    renderPage(false);
    const user = userEvent.setup();
    expect(screen.getByRole("heading", { name: "Two-factor sign-in" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Off: your password alone signs you in.");

    const password = screen.getByLabelText("Current password");
    await user.type(password, "wrong-password");
    await user.click(screen.getByRole("button", { name: "Set up two-factor sign-in" }));
    expect(await screen.findByText("Incorrect password.")).toBeInTheDocument();
    expect(password).toHaveAttribute("aria-invalid", "true");

    await user.clear(password);
    await user.type(password, "Tq7-violet-harbor-92");
    await user.click(screen.getByRole("button", { name: "Set up two-factor sign-in" }));
    expect(await screen.findByText("GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "open this setup link" })).toHaveAttribute("href", URI);
    expect(screen.getByText(URI)).toBeInTheDocument();
    expect(calls[1]).toEqual({
      url: "/api/auth/two-factor/enable",
      body: { password: "Tq7-violet-harbor-92" },
    });

    const code = screen.getByLabelText("Authentication code");
    await user.type(code, "111111");
    await user.click(screen.getByRole("button", { name: "Verify and turn on" }));
    expect(
      await screen.findByText(
        "That code did not match. Check the time on your phone and try the current code.",
      ),
    ).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, "287082");
    await user.click(screen.getByRole("button", { name: "Verify and turn on" }));
    expect((await screen.findAllByText("Two-factor sign-in is on")).length).toBeGreaterThan(0);
    expect(calls[3]).toEqual({ url: "/api/auth/two-factor/verify-totp", body: { code: "287082" } });
  });

  it("turns it off with the password", async () => {
    const calls = stubReplies([[200, { status: true }]]);
    renderPage(true);
    const user = userEvent.setup();
    expect(screen.getByRole("status")).toHaveTextContent(
      "On: each sign-in asks for a code from your authenticator app after your password.",
    );
    await user.click(screen.getByRole("button", { name: "Turn off two-factor sign-in" }));
    expect(await screen.findByText("Enter your password to continue.")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(screen.getByLabelText("Current password"), "Tq7-violet-harbor-92");
    await user.click(screen.getByRole("button", { name: "Turn off two-factor sign-in" }));
    expect((await screen.findAllByText("Two-factor sign-in is off")).length).toBeGreaterThan(0);
    expect(calls[0]).toEqual({
      url: "/api/auth/two-factor/disable",
      body: { password: "Tq7-violet-harbor-92" },
    });
  });
});
