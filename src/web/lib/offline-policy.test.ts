import { describe, expect, it } from "vitest";
import {
  CACHES,
  endsPrivateReading,
  offlineDataFor,
  pageForData,
  readingCacheFor,
} from "./offline-policy.ts";

const ID = "3f0c1f9e-2b7a-4c1d-9a55-0d6f0c8e7b21";

describe("the API answers the service worker may keep", () => {
  it("keeps an article and the public settings in the public cache", () => {
    expect(readingCacheFor(`/api/news/${ID}`)).toBe(CACHES.publicReading);
    expect(readingCacheFor("/api/settings/public")).toBe(CACHES.publicReading);
  });

  it("keeps an opened note in the private cache, never the reading progress", () => {
    expect(readingCacheFor(`/api/notes/${ID}`)).toBe(CACHES.privateReading);
    expect(readingCacheFor("/api/notes/progress")).toBeNull();
  });

  it.each([
    "/api/account/me",
    "/api/profile",
    "/api/home",
    "/api/home/dashboard",
    "/api/news",
    "/api/notes",
    `/api/notes/${ID}/pdf`,
    `/api/exams/${ID}/overview`,
    `/api/exams/${ID}/attempts`,
    `/api/attempts/${ID}`,
    `/api/attempts/${ID}/answers`,
    `/api/attempts/${ID}/review`,
    "/api/results",
    `/api/attempts/${ID}/analysis`,
    "/api/revision/cards",
    "/api/answer-evaluation",
    `/api/answer-copies/files/${ID}`,
    "/api/payments/orders",
    "/api/subscriptions/me",
    "/api/referrals",
    "/api/settings",
    "/api/admin/notes",
    `/api/news/${ID}/extra`,
    "/news/anything",
  ])("never keeps %s", (path) => {
    expect(readingCacheFor(path)).toBeNull();
  });
});

describe("the pages that can be read offline", () => {
  it("maps an article and a note to the answer that fills them, and back", () => {
    expect(offlineDataFor(`/news/${ID}`)).toEqual({
      url: `/api/news/${ID}`,
      cache: CACHES.publicReading,
    });
    expect(offlineDataFor(`/student/study-materials/notes/${ID}`)).toEqual({
      url: `/api/notes/${ID}`,
      cache: CACHES.privateReading,
    });
    expect(pageForData(`/api/news/${ID}`)).toEqual({ page: `/news/${ID}`, kind: "article" });
    expect(pageForData(`/api/notes/${ID}`)).toEqual({
      page: `/student/study-materials/notes/${ID}`,
      kind: "note",
    });
  });

  it("has no offline copy of other pages", () => {
    for (const path of ["/", "/news", "/student/dashboard", `/exam/${ID}`, `/news/${ID}/x`]) {
      expect(offlineDataFor(path), path).toBeNull();
    }
    expect(pageForData("/api/settings/public")).toBeNull();
  });
});

describe("requests that empty the private cache", () => {
  it("are a sign-out and any sign-in", () => {
    expect(endsPrivateReading("POST", "/api/auth/sign-out")).toBe(true);
    expect(endsPrivateReading("POST", "/api/auth/sign-in/email")).toBe(true);
    expect(endsPrivateReading("POST", "/api/auth/sign-up/email")).toBe(true);
    expect(endsPrivateReading("POST", "/api/auth/two-factor/verify-totp")).toBe(true);
    expect(endsPrivateReading("GET", "/api/auth/sign-out")).toBe(false);
    expect(endsPrivateReading("POST", "/api/auth/forget-password")).toBe(false);
  });
});
