import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { applyLanguage } from "@web/lib/i18n.ts";
import { notify } from "@web/lib/toast.ts";
import { type ApiRoute, jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NEWS_MESSAGES, NEWS_PAGE_SIZE } from "../../../../shared/news-constants.ts";
import { SETTINGS_MESSAGES } from "../../../../shared/settings.ts";
import { NewsArticlePage } from "./news-article.tsx";
import { NewsListPage } from "./news-list.tsx";

const ITEM = {
  id: "8a7e2c1e-0000-4000-8000-000000000010",
  title: "Monsoon arrives early",
  excerpt: "What an early monsoon means for the kharif sowing.",
  publishedDate: "2026-11-20",
};
const NO_EXCERPT = {
  id: "8a7e2c1e-0000-4000-8000-000000000011",
  title: "RBI holds the repo rate",
  excerpt: null,
  publishedDate: "2026-11-19",
};

const page = (items: unknown[], pageNumber = 1, total = items.length) => ({
  items,
  total,
  page: pageNumber,
  pageSize: NEWS_PAGE_SIZE,
});

function renderNews(path: string, routes: Record<string, ApiRoute>) {
  const stub = stubApi(routes);
  const view = renderRoutes(
    [
      { path: "/news", element: <NewsListPage /> },
      { path: "/news/:newsId", element: <NewsArticlePage /> },
    ],
    { path, session: null },
  );
  return { ...view, ...stub };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("NewsListPage", () => {
  it("lists the analyses with their dates, summaries and links", async () => {
    renderNews("/news", { "GET /api/news": () => jsonResponse(200, page([ITEM, NO_EXCERPT])) });
    const title = await screen.findByRole("link", { name: ITEM.title });
    expect(title).toHaveAttribute("href", `/news/${ITEM.id}`);
    expect(screen.getByText(ITEM.excerpt)).toBeInTheDocument();
    expect(screen.getByText(NEWS_MESSAGES.noSummary)).toBeInTheDocument();
    expect(
      screen.getByRole("link", { name: `Read Full Analysis: ${NO_EXCERPT.title}` }),
    ).toHaveAttribute("href", `/news/${NO_EXCERPT.id}`);
    expect(screen.getByText("20 Nov 2026").closest("time")).toHaveAttribute(
      "datetime",
      ITEM.publishedDate,
    );
    // One page: no pager.
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
  });

  it("says there is no news yet", async () => {
    renderNews("/news", { "GET /api/news": () => jsonResponse(200, page([])) });
    expect(
      await screen.findByRole("heading", { name: "No News Available Yet" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Check back soon for the latest analysis.")).toBeInTheDocument();
  });

  it("shows the error with the server's message, and Try Again loads the list", async () => {
    let fail = true;
    renderNews("/news", {
      "GET /api/news": () =>
        fail
          ? jsonResponse(500, { error: { code: "INTERNAL", message: "Database offline." } })
          : jsonResponse(200, page([ITEM])),
    });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "Failed to Load News" })).toBeVisible();
    expect(alert).toHaveTextContent("Database offline.");
    fail = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("link", { name: ITEM.title })).toBeInTheDocument();
  });

  it("pages through the archive with ?page=N links", async () => {
    const { requests, router } = renderNews("/news", {
      "GET /api/news": ({ url }) => {
        const n = Number(url.searchParams.get("page"));
        return jsonResponse(200, page([n === 2 ? NO_EXCERPT : ITEM], n, 25));
      },
    });
    const pager = await screen.findByRole("navigation", { name: "Pagination" });
    expect(pager).toHaveTextContent("Page 1 of 3");
    expect(within(pager).queryByRole("link", { name: /Previous/ })).toBeNull();
    await userEvent.click(within(pager).getByRole("link", { name: /Next/ }));
    expect(await screen.findByRole("link", { name: NO_EXCERPT.title })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?page=2");
    expect(screen.getByRole("navigation", { name: "Pagination" })).toHaveTextContent("Page 2 of 3");
    expect(screen.getByRole("link", { name: /Previous/ })).toHaveAttribute("href", "/news");
    expect(requests).toEqual([
      `GET /api/news?page=1&pageSize=${NEWS_PAGE_SIZE}`,
      `GET /api/news?page=2&pageSize=${NEWS_PAGE_SIZE}`,
    ]);
  });
});

describe("NewsArticlePage", () => {
  const ARTICLE = {
    ...ITEM,
    content: '<h2>Why it matters</h2><p>Sowing starts early.</p><img src=x onerror="alert(1)">',
    createdAt: "2026-11-20T04:00:00.000Z",
    updatedAt: "2026-11-20T04:00:00.000Z",
  };

  it("shows the article, its date and its sanitised content", async () => {
    renderNews(`/news/${ITEM.id}`, {
      [`GET /api/news/${ITEM.id}`]: () => jsonResponse(200, ARTICLE),
    });
    expect(await screen.findByRole("heading", { level: 1, name: ITEM.title })).toBeVisible();
    expect(screen.getByText(/Published on/)).toHaveTextContent("Published on 20 Nov 2026");
    expect(screen.getByRole("heading", { name: "Why it matters" })).toBeInTheDocument();
    expect(document.querySelector("[onerror]")).toBeNull();
    expect(screen.getByRole("link", { name: "Back to All News" })).toHaveAttribute("href", "/news");
  });

  it("says an unknown article was not found", async () => {
    renderNews(`/news/${ITEM.id}`, {
      [`GET /api/news/${ITEM.id}`]: () =>
        jsonResponse(404, { error: { code: "NOT_FOUND", message: "Not found." } }),
    });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "Article Not Found" })).toBeVisible();
    expect(alert).toHaveTextContent(NEWS_MESSAGES.notFound);
    expect(within(alert).queryByRole("button", { name: "Try Again" })).toBeNull();
  });

  it("copies the link with the spec's toast where the browser cannot share", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    const user = userEvent.setup(); // gives the page a clipboard; jsdom has no navigator.share
    renderNews(`/news/${ITEM.id}`, {
      [`GET /api/news/${ITEM.id}`]: () => jsonResponse(200, ARTICLE),
    });
    await user.click(await screen.findByRole("button", { name: "Share" }));
    expect(success).toHaveBeenCalledWith(
      "Link Copied!",
      "The link to this article is on your clipboard.",
    );
    expect(await navigator.clipboard.readText()).toBe(window.location.href);
  });
});

describe("the news pages in Hindi (decision 039)", () => {
  it("show the page's words and the server's error message in Hindi", async () => {
    await applyLanguage("hi");
    renderNews("/news", {
      "GET /api/news": () =>
        jsonResponse(503, {
          error: { code: "MAINTENANCE", message: SETTINGS_MESSAGES.maintenanceApi },
        }),
    });
    expect(await screen.findByRole("heading", { name: "दैनिक समाचार विश्लेषण" })).toBeVisible();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "समाचार लोड नहीं हो सके" })).toBeVisible();
    expect(
      within(alert).getByText("साइट पर रखरखाव चल रहा है। कृपया बाद में फिर से प्रयास करें।"),
    ).toBeVisible();
    expect(within(alert).getByRole("button", { name: "फिर से प्रयास करें" })).toBeVisible();
  });

  it("show an article with its date and controls in Hindi", async () => {
    await applyLanguage("hi");
    renderNews(`/news/${ITEM.id}`, {
      [`GET /api/news/${ITEM.id}`]: () =>
        jsonResponse(200, { ...ITEM, content: "<p>Body</p>", imageUrl: null }),
    });
    expect(await screen.findByRole("heading", { name: ITEM.title })).toBeVisible();
    expect(screen.getByText(/को प्रकाशित$/)).toBeVisible();
    expect(screen.getByRole("button", { name: "शेयर करें" })).toBeVisible();
    expect(screen.getAllByRole("link", { name: "सभी समाचारों पर वापस जाएँ" })[0]).toHaveAttribute(
      "href",
      "/news",
    );
  });
});

describe("an article's Hindi version", () => {
  const HINDI = {
    ...ITEM,
    titleHi: "मानसून जल्दी आया",
    excerptHi: "जल्दी मानसून का ख़रीफ़ की बुवाई पर असर।",
  };
  const ARTICLE = {
    ...HINDI,
    content: "<p>Sowing starts early.</p>",
    contentHi: "<p>बुवाई जल्दी शुरू होती है।</p>",
    createdAt: "2026-11-20T04:00:00.000Z",
    updatedAt: "2026-11-20T04:00:00.000Z",
  };

  it("is listed in Hindi in a Hindi interface, an article without one in English marked so", async () => {
    await applyLanguage("hi");
    renderNews("/news", {
      "GET /api/news": () =>
        jsonResponse(200, page([HINDI, { ...NO_EXCERPT, titleHi: null, excerptHi: null }])),
    });
    const hindiTitle = await screen.findByRole("heading", { name: HINDI.titleHi });
    expect(hindiTitle).toHaveAttribute("lang", "hi");
    expect(screen.getByText(HINDI.excerptHi)).toHaveAttribute("lang", "hi");
    expect(screen.queryByText(ITEM.title)).toBeNull();
    expect(screen.getByRole("heading", { name: NO_EXCERPT.title })).toHaveAttribute("lang", "en");
  });

  it("is left out in an English interface", async () => {
    renderNews("/news", { "GET /api/news": () => jsonResponse(200, page([HINDI])) });
    expect(await screen.findByRole("heading", { name: ITEM.title })).toHaveAttribute("lang", "en");
    expect(screen.getByText(ITEM.excerpt)).toBeInTheDocument();
    expect(screen.queryByText(HINDI.titleHi)).toBeNull();
  });

  it("shows the article's Hindi title and body in Hindi, each marked lang=hi", async () => {
    await applyLanguage("hi");
    renderNews(`/news/${ITEM.id}`, {
      [`GET /api/news/${ITEM.id}`]: () => jsonResponse(200, ARTICLE),
    });
    const heading = await screen.findByRole("heading", { level: 1, name: HINDI.titleHi });
    expect(heading).toHaveAttribute("lang", "hi");
    expect(screen.getByText("बुवाई जल्दी शुरू होती है।").closest(".rich-text")).toHaveAttribute(
      "lang",
      "hi",
    );
    expect(screen.queryByText("Sowing starts early.")).toBeNull();
  });

  it("falls back to the English body, marked lang=en, where only the title has Hindi", async () => {
    await applyLanguage("hi");
    renderNews(`/news/${ITEM.id}`, {
      [`GET /api/news/${ITEM.id}`]: () => jsonResponse(200, { ...ARTICLE, contentHi: null }),
    });
    expect(await screen.findByRole("heading", { level: 1, name: HINDI.titleHi })).toBeVisible();
    expect(screen.getByText("Sowing starts early.").closest(".rich-text")).toHaveAttribute(
      "lang",
      "en",
    );
  });

  it("shows the English article in an English interface", async () => {
    renderNews(`/news/${ITEM.id}`, {
      [`GET /api/news/${ITEM.id}`]: () => jsonResponse(200, ARTICLE),
    });
    expect(await screen.findByRole("heading", { level: 1, name: ITEM.title })).toBeVisible();
    expect(screen.getByText("Sowing starts early.")).toBeInTheDocument();
    expect(screen.queryByText("बुवाई जल्दी शुरू होती है।")).toBeNull();
  });
});
