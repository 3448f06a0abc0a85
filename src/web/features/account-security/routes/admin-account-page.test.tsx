import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { jsonResponse, stubApi, stubFetch } from "@web/test/network.ts";
import { adminSession, renderRoutes } from "@web/test/render.tsx";
import { Toaster } from "sonner";
import { describe, expect, it, vi } from "vitest";
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

  it("shows the backup codes once two-factor sign-in is on, to copy, until they are saved", async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `Ab${i}dE-fG${i}hJ`);
    let onNow = false;
    const { requests } = stubApi({
      "POST /api/auth/two-factor/enable": () =>
        jsonResponse(200, { totpURI: URI, backupCodes: codes }),
      "POST /api/auth/two-factor/verify-totp": () => {
        onNow = true;
        return jsonResponse(200, { token: "t", user: { id: "u1" } });
      },
      "GET /api/account/me": () => jsonResponse(200, adminSession({ twoFactorEnabled: onNow })),
    });
    renderPage(false);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Current password"), "Tq7-violet-harbor-92");
    await user.click(screen.getByRole("button", { name: "Set up two-factor sign-in" }));
    // Not before the app is confirmed: an unconfirmed set-up is no use to sign in with.
    await screen.findByLabelText("Authentication code");
    expect(screen.queryByText(codes[0] ?? "")).toBeNull();

    await user.type(screen.getByLabelText("Authentication code"), "287082");
    await user.click(screen.getByRole("button", { name: "Verify and turn on" }));
    const heading = await screen.findByRole("heading", { name: "Backup codes" });
    expect(heading).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "Backup codes" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(
      screen.getByText(
        /each code signs you in once in place of an app code\. They are shown only now/,
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole("status")).toHaveTextContent(
      "On: each sign-in asks for a code from your authenticator app after your password.",
    );

    const success = vi.spyOn(notify, "success");
    await user.click(screen.getByRole("button", { name: "Copy codes" }));
    expect(await navigator.clipboard.readText()).toBe(codes.join("\n"));
    expect(success).toHaveBeenCalledWith("Backup codes copied");

    await user.click(screen.getByRole("button", { name: "I have saved them" }));
    expect(screen.queryByRole("heading", { name: "Backup codes" })).toBeNull();
    expect(screen.queryByText(codes[0] ?? "")).toBeNull();
    expect(screen.getByRole("button", { name: "Turn off two-factor sign-in" })).toBeInTheDocument();
    // Shown from the set-up's own answer: nothing asked the server for them again.
    expect(requests.filter((r) => r.startsWith("POST"))).toEqual([
      "POST /api/auth/two-factor/enable",
      "POST /api/auth/two-factor/verify-totp",
    ]);
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
