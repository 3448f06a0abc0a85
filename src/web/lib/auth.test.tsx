import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { jsonResponse, stubApi } from "../test/network.ts";
import { studentSession, testQueryClient } from "../test/render.tsx";
import { dashboardPathFor, fetchSession, useAuth } from "./auth.ts";
import { offlineViewerRole } from "./offline-viewer.ts";

afterEach(() => window.localStorage.clear());

describe("fetchSession", () => {
  it("reads a visitor's null as signed out", async () => {
    const { requests } = stubApi({ "GET /api/account/me": () => jsonResponse(200, null) });
    expect(await fetchSession()).toBeNull();
    expect(requests).toEqual(["GET /api/account/me"]);
  });

  it("returns the signed-in user's session", async () => {
    const session = studentSession();
    stubApi({ "GET /api/account/me": () => jsonResponse(200, session) });
    expect(await fetchSession()).toEqual(session);
  });

  it("still reads an older server's 401 as signed out", async () => {
    stubApi({
      "GET /api/account/me": () =>
        jsonResponse(401, { error: { code: "UNAUTHENTICATED", message: "Please log in." } }),
    });
    expect(await fetchSession()).toBeNull();
  });
});

describe("the viewer while offline (decision 045)", () => {
  const renderAuth = () => {
    const queryClient = testQueryClient();
    return renderHook(useAuth, {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      ),
    });
  };
  const offline = () =>
    stubApi({
      "GET /api/account/me": () => {
        throw new TypeError("Failed to fetch");
      },
    });

  it("remembers only the role of whoever the server says is signed in, and forgets it", async () => {
    stubApi({ "GET /api/account/me": () => jsonResponse(200, studentSession()) });
    await fetchSession();
    expect(offlineViewerRole()).toBe("student");
    expect(Object.values(window.localStorage)).not.toContain("asha@example.com");
    stubApi({ "GET /api/account/me": () => jsonResponse(200, null) });
    await fetchSession();
    expect(offlineViewerRole()).toBeNull();
  });

  it("is offline, with the last viewer's role, when the session cannot be asked for", async () => {
    stubApi({ "GET /api/account/me": () => jsonResponse(200, studentSession()) });
    await fetchSession();
    offline();
    const { result } = renderAuth();
    await waitFor(() => expect(result.current).toEqual({ status: "offline", role: "student" }));
  });

  it("is signed out offline when nobody was signed in here", async () => {
    offline();
    const { result } = renderAuth();
    await waitFor(() => expect(result.current).toEqual({ status: "signed-out" }));
  });

  it("is signed out when the server answers with an error, whoever was here before", async () => {
    window.localStorage.setItem("offline-viewer-role", "student");
    stubApi({
      "GET /api/account/me": () =>
        jsonResponse(403, { error: { code: "FORBIDDEN", message: "Not allowed." } }),
    });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current).toEqual({ status: "signed-out" }));
  });
});

describe("dashboardPathFor", () => {
  it("starts each role at its own place: a mentor at the evaluation queue", () => {
    expect(dashboardPathFor("student")).toBe("/student/dashboard");
    expect(dashboardPathFor("admin")).toBe("/admin/dashboard");
    expect(dashboardPathFor("mentor")).toBe("/mentor");
  });
});
