import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SessionData } from "@web/lib/auth.ts";
import { notify } from "@web/lib/toast.ts";
import { type ApiRoute, jsonResponse, stubApi } from "@web/test/network.ts";
import { adminSession, mentorSession, renderRoutes, studentSession } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PROFILE_MESSAGES } from "../../../../shared/profile.ts";
import { UPLOAD_MESSAGES } from "../../../../shared/uploads.ts";
import { ProfilePage } from "./profile-page.tsx";

function session(): SessionData {
  const s = studentSession("Asha Rao");
  if (!s?.profile) throw new Error("unreachable");
  return { ...s, profile: { ...s.profile, mobileNumber: "9876543210", dateOfBirth: "2000-01-15" } };
}

/** A student's profile also loads the Notifications section's settings. */
const NOTIFICATION_SETTINGS = {
  preferences: {
    quizLive: true,
    answerEvaluated: true,
    revisionDue: true,
    liveClass: true,
    emailFallback: true,
  },
  devices: 0,
};

function renderProfile(current: SessionData, routes: Record<string, ApiRoute> = {}) {
  const stub = stubApi({
    "GET /api/notifications/settings": () => jsonResponse(200, NOTIFICATION_SETTINGS),
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: "/student/profile", element: <ProfilePage /> },
      { path: "/admin/dashboard", element: <p>Admin dashboard</p> },
      { path: "/mentor", element: <p>Evaluation queue</p> },
    ],
    { path: "/student/profile", session: current },
  );
  return { ...view, ...stub };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("ProfilePage", () => {
  it("fills the form from the profile; the email cannot be changed", () => {
    renderProfile(session());
    expect(screen.getByRole("heading", { name: "My Profile" })).toBeInTheDocument();
    expect(screen.getByLabelText("Full Name")).toHaveValue("Asha Rao");
    expect(screen.getByLabelText("Mobile Number")).toHaveValue("9876543210");
    expect(screen.getByLabelText("Address")).toHaveValue("");
    expect(screen.getByLabelText("Date of Birth")).toHaveValue("2000-01-15");
    const email = screen.getByLabelText("Email (Cannot be changed)");
    expect(email).toHaveValue("asha@example.com");
    expect(email).toBeDisabled();
  });

  it("asks a signed-out visitor to log in", () => {
    renderProfile(null);
    expect(screen.getByText(PROFILE_MESSAGES.loggedOut)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    expect(screen.queryByRole("button", { name: "Save Changes" })).toBeNull();
  });

  it("sends an admin to the admin dashboard", () => {
    renderProfile(adminSession());
    expect(screen.getByText("Admin dashboard")).toBeInTheDocument();
  });

  it("is a mentor's own profile too, with the way back to the evaluations", async () => {
    const { requests } = renderProfile(mentorSession(), {
      "PUT /api/profile": () =>
        jsonResponse(200, { profile: { ...mentorSession()?.profile, fullName: "Meera K. Iyer" } }),
      "GET /api/account/me": () => jsonResponse(200, mentorSession("Meera K. Iyer")),
    });
    expect(screen.getByRole("heading", { name: "My Profile" })).toBeInTheDocument();
    expect(screen.queryByText("Admin dashboard")).toBeNull();
    expect(screen.getByLabelText("Full Name")).toHaveValue("Meera Iyer");
    expect(screen.getByLabelText("Email (Cannot be changed)")).toHaveValue("meera@example.com");
    expect(screen.getByRole("link", { name: "Back to Evaluations" })).toHaveAttribute(
      "href",
      "/mentor",
    );
    await userEvent.clear(screen.getByLabelText("Full Name"));
    await userEvent.type(screen.getByLabelText("Full Name"), "Meera K. Iyer");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(requests).toContain("PUT /api/profile"));
  });

  it("saves the changes with the spec's toast and refreshes the session", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    let sent: unknown;
    const { requests } = renderProfile(session(), {
      "PUT /api/profile": ({ json }) => {
        sent = json();
        const profile = { ...session()?.profile, ...(sent as object) };
        return jsonResponse(200, { profile });
      },
      "GET /api/account/me": () => jsonResponse(200, session()),
    });
    const name = screen.getByLabelText("Full Name");
    await userEvent.clear(name);
    await userEvent.type(name, "Asha R. Rao");
    await userEvent.type(screen.getByLabelText("Address"), "12 MG Road, Pune");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith("Profile Updated", PROFILE_MESSAGES.profileUpdated),
    );
    expect(sent).toEqual({
      fullName: "Asha R. Rao",
      mobileNumber: "9876543210",
      address: "12 MG Road, Pune",
      dateOfBirth: "2000-01-15",
    });
    await waitFor(() => expect(requests).toContain("GET /api/account/me"));
    expect(screen.getByLabelText("Full Name")).toHaveValue("Asha R. Rao");
  });

  it("shows the server's refusal as the spec's error toast", async () => {
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    renderProfile(session(), {
      "PUT /api/profile": () =>
        jsonResponse(422, {
          error: { code: "VALIDATION_FAILED", message: "Mobile number is too long." },
        }),
      "GET /api/account/me": () => jsonResponse(200, session()),
    });
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith("Error Saving Profile", "Mobile number is too long."),
    );
  });

  it("refuses an empty name in the form, sending nothing", async () => {
    const { requests } = renderProfile(session());
    await userEvent.clear(screen.getByLabelText("Full Name"));
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText(PROFILE_MESSAGES.fullNameRequired)).toBeInTheDocument();
    expect(screen.getByLabelText("Full Name")).toHaveAttribute("aria-invalid", "true");
    expect(requests.filter((r) => !r.startsWith("GET "))).toEqual([]);
  });

  it("refuses a photo that is not an image before anything is sent", () => {
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    const { requests } = renderProfile(session());
    const input = screen.getByLabelText("Profile Photo");
    fireEvent.change(input, {
      target: { files: [new File(["hello"], "notes.txt", { type: "text/plain" })] },
    });
    expect(error).toHaveBeenCalledWith("Photo Upload Error", UPLOAD_MESSAGES.notAnImage);
    expect(requests.filter((r) => !r.startsWith("GET "))).toEqual([]);
  });
});

describe("ProfilePage's language (decision 039)", () => {
  it("switches the interface to Hindi and remembers it for the student", async () => {
    const { requests } = renderProfile(session(), {
      "PUT /api/account/language": async () =>
        jsonResponse(200, { uiLanguage: "hi", questionLanguage: "hi" }),
    });
    const user = userEvent.setup();
    const group = screen.getByRole("group", { name: "Language" });
    expect(within(group).getByRole("radio", { name: "English" })).toBeChecked();
    await user.click(within(group).getByRole("radio", { name: "Hindi" }));
    expect(await screen.findByRole("group", { name: "भाषा" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "हिन्दी" })).toBeChecked();
    expect(requests).toContain("PUT /api/account/language");
  });
});
