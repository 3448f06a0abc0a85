import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, stubApi, stubFetch } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { Outlet } from "react-router";
import { Toaster } from "sonner";
import { describe, expect, it, vi } from "vitest";
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

function renderRegisterFlow() {
  return renderRoutes(
    [
      {
        // The toasts outlive the page that raised them, as in the app's layout.
        element: (
          <>
            <Outlet />
            <Toaster />
          </>
        ),
        children: [
          { path: "/register", element: <RegisterPage /> },
          { path: "/student/welcome", element: <p>Onboarding page</p> },
          { path: "/login", element: <p>Login page</p> },
        ],
      },
    ],
    { path: "/register", session: null },
  );
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Full Name"), "Asha Rao");
  await user.type(screen.getByLabelText("Email"), "asha@example.com");
  await user.type(screen.getByLabelText("Password"), "Tq7-violet-harbor-92");
  await user.type(screen.getByLabelText("Confirm Password"), "Tq7-violet-harbor-92");
}

describe("RegisterPage's optional group and date of birth", () => {
  it("asks for four fields first and groups mobile, address and date of birth as Optional", () => {
    renderRegister();
    const optional = screen.getByRole("group", { name: "Optional" });
    for (const label of ["Mobile Number", "Address"]) {
      expect(within(optional).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(optional).getByRole("group", { name: "Date of Birth" })).toBeInTheDocument();
    for (const label of ["Full Name", "Email", "Password", "Confirm Password"]) {
      expect(optional).not.toContainElement(screen.getByLabelText(label));
    }
    // The required fields come before the group.
    const fields = screen.getAllByRole("textbox").map((el) => el.id);
    expect(fields.indexOf("fullName")).toBeLessThan(fields.indexOf("mobileNumber"));
  });

  it("labels each text field programmatically, with an autocomplete its control allows", () => {
    renderRegister();
    const expected = {
      "Full Name": ["text", "name"],
      Email: ["email", "email"],
      "Mobile Number": ["tel", "tel"],
      // One line: street-address belongs to a multi-line textarea only.
      Address: ["text", "address-line1"],
    } as const;
    for (const [label, [type, autocomplete]] of Object.entries(expected)) {
      const input = screen.getByLabelText(label);
      // The label names exactly this control, by its unique id.
      expect(document.querySelectorAll(`#${input.id}`), label).toHaveLength(1);
      expect(document.querySelector(`label[for="${input.id}"]`)).toHaveTextContent(label);
      // The type is written out: checkers take a text autocomplete only on a declared text type.
      expect(input.getAttribute("type"), label).toBe(type);
      expect(input.getAttribute("autocomplete"), label).toBe(autocomplete);
    }
    expect(document.querySelector('[autocomplete="street-address"]')).toBeNull();
  });

  it("picks the date of birth in Indian order (day, month, year) and sends it as a date", async () => {
    const { requests, fetch } = stubApi({
      "POST /api/auth/sign-up/email": () => jsonResponse(200, { token: null, user: { id: "u1" } }),
    });
    renderRegisterFlow();
    const dob = screen.getByRole("group", { name: "Date of Birth" });
    expect(
      within(dob)
        .getAllByRole("combobox")
        .map((el) => accessibleLabel(el)),
    ).toEqual(["Day", "Month", "Year"]);
    const user = userEvent.setup();
    await fillRequired(user);
    await user.selectOptions(within(dob).getByLabelText("Day"), "29");
    await user.selectOptions(within(dob).getByLabelText("Month"), "February");
    await user.selectOptions(within(dob).getByLabelText("Year"), "2000");
    await user.click(screen.getByRole("button", { name: "Register" }));
    await screen.findByText("Login page");
    expect(requests).toEqual(["POST /api/auth/sign-up/email"]);
    const body = JSON.parse(String(fetch.mock.calls[0]?.[1]?.body));
    expect(body.metadata.date_of_birth).toBe("2000-02-29");
  });

  it("refuses a half-chosen or impossible date, sending nothing", async () => {
    const fetch = stubFetch();
    renderRegister();
    const user = userEvent.setup();
    await fillRequired(user);
    const dob = screen.getByRole("group", { name: "Date of Birth" });
    await user.selectOptions(within(dob).getByLabelText("Day"), "31");
    await user.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText("Enter a valid date of birth.")).toBeInTheDocument();
    await user.selectOptions(within(dob).getByLabelText("Month"), "April");
    await user.selectOptions(within(dob).getByLabelText("Year"), "2001");
    await user.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText("Enter a valid date of birth.")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("RegisterPage after the account is made", () => {
  it("without email verification, signs the student in and opens onboarding", async () => {
    const { requests } = stubApi({
      "POST /api/auth/sign-up/email": () =>
        jsonResponse(200, { token: "session-token", user: { id: "u1" } }),
      "GET /api/account/me": () => jsonResponse(200, studentSession("Asha Rao")),
    });
    renderRegisterFlow();
    await fillRequired(userEvent.setup());
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText("Onboarding page")).toBeInTheDocument();
    expect(await screen.findByText("Your account is ready.")).toBeInTheDocument();
    expect(requests).toEqual(["POST /api/auth/sign-up/email", "GET /api/account/me"]);
  });

  it("with email verification, keeps the spec's toast and goes to the login form", async () => {
    stubApi({
      "POST /api/auth/sign-up/email": () => jsonResponse(200, { token: null, user: { id: "u1" } }),
    });
    renderRegisterFlow();
    await fillRequired(userEvent.setup());
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText("Login page")).toBeInTheDocument();
    expect(
      await screen.findByText("Please check your email to verify your account."),
    ).toBeInTheDocument();
  });
});

/** The text of the label an element is named by (its `for` label). */
function accessibleLabel(element: HTMLElement): string {
  return document.querySelector(`label[for="${element.id}"]`)?.textContent ?? "";
}

describe("RegisterPage from a referral link", () => {
  it("says who invited the student and sends the code with the sign-up", async () => {
    const { fetch } = stubApi({
      "GET /api/referrals/codes/ABCD2345": () =>
        jsonResponse(200, { firstName: "Priya", active: true }),
      "POST /api/auth/sign-up/email": () => jsonResponse(200, { token: null, user: { id: "u1" } }),
    });
    renderRoutes(
      [
        { path: "/register", element: <RegisterPage /> },
        { path: "/login", element: <p>Login page</p> },
      ],
      { path: "/register?ref=abcd2345", session: null },
    );
    expect(await screen.findByText(/Invited by Priya/)).toBeVisible();
    await fillRequired(userEvent.setup());
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    await screen.findByText("Login page");
    const signUp = fetch.mock.calls.find(([url]) => String(url).includes("sign-up"));
    expect(JSON.parse(String(signUp?.[1]?.body)).referralCode).toBe("abcd2345");
  });

  it("drops an unknown code after the server refuses it", async () => {
    const { fetch } = stubApi({
      "GET /api/referrals/codes/ZZZZZZZZ": () =>
        jsonResponse(404, { error: { code: "NOT_FOUND", message: "Not found." } }),
      "POST /api/auth/sign-up/email": () =>
        jsonResponse(422, {
          error: { code: "REFERRAL_CODE_UNKNOWN", message: "This referral code is not valid." },
        }),
    });
    renderRoutes([{ path: "/register", element: <RegisterPage /> }], {
      path: "/register?ref=ZZZZZZZZ",
      session: null,
    });
    expect(await screen.findByText("This referral link is not valid.")).toBeVisible();
    await fillRequired(userEvent.setup());
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    await screen.findByRole("button", { name: "Register" });
    await vi.waitFor(() =>
      expect(screen.queryByText("This referral link is not valid.")).toBeNull(),
    );
    expect(fetch).toHaveBeenCalled();
  });
});
