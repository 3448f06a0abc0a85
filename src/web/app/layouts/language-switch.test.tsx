import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { MainLayout } from "./main-layout.tsx";

const routes = [{ element: <MainLayout />, children: [{ path: "/", element: <h1>home</h1> }] }];

describe("the header's language switch (decision 039)", () => {
  it("shows the interface in Hindi at once and remembers it for the student", async () => {
    const saved: unknown[] = [];
    stubApi({
      "PUT /api/account/language": async ({ json }) => {
        saved.push(json());
        return jsonResponse(200, { uiLanguage: "hi", questionLanguage: "hi" });
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: "/", session: studentSession() });
    await screen.findByRole("heading", { name: "home" });
    await user.click(screen.getByRole("button", { name: "Change language to Hindi" }));

    const nav = (await screen.findAllByRole("navigation", { name: "मुख्य" }))[0]!;
    expect(within(nav).getByRole("link", { name: "परीक्षाएँ" })).toHaveAttribute(
      "href",
      "/student/exams",
    );
    expect(screen.getByRole("button", { name: "लॉग आउट" })).toBeVisible();
    expect(document.documentElement.lang).toBe("hi");
    expect(document.cookie).toContain("lang=hi");
    expect(saved).toEqual([{ language: "hi" }]);
    // And back.
    await user.click(screen.getByRole("button", { name: "भाषा बदलकर English करें" }));
    expect(await screen.findByRole("button", { name: "Logout" })).toBeVisible();
    expect(document.documentElement.lang).toBe("en");
  });
});
