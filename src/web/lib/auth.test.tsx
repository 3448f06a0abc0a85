import { describe, expect, it } from "vitest";
import { jsonResponse, stubApi } from "../test/network.ts";
import { studentSession } from "../test/render.tsx";
import { dashboardPathFor, fetchSession } from "./auth.ts";

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

describe("dashboardPathFor", () => {
  it("starts each role at its own place: a mentor at the evaluation queue", () => {
    expect(dashboardPathFor("student")).toBe("/student/dashboard");
    expect(dashboardPathFor("admin")).toBe("/admin/dashboard");
    expect(dashboardPathFor("mentor")).toBe("/mentor");
  });
});
