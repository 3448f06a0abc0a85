import { RichText } from "@web/components/rich-text/rich-text.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { type HookData, QueryContent } from "@web/components/ui/query-content.tsx";
import { ErrorState } from "@web/components/ui/states.tsx";
import { ApiError } from "@web/lib/api.ts";
import { usePickText } from "@web/lib/content-language.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { i18n } from "@web/lib/i18n.ts";
import { usePageTitle } from "@web/lib/page-title.ts";
import { notify } from "@web/lib/toast.ts";
import { ArrowLeft, Share2 } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { msg } from "../../../../shared/i18n/msg.ts";
import { NEWS_MESSAGES } from "../../../../shared/news-constants.ts";
import { useNewsArticle } from "../api/get-news.ts";
import { formatPublishedDate } from "../news-date.ts";

function BackToNews() {
  const { t } = useTranslation();
  return (
    <Button asChild variant="outline" className="justify-self-start">
      <Link to="/news">
        <ArrowLeft aria-hidden="true" /> {t("Back to All News")}
      </Link>
    </Button>
  );
}

/** Spec: the browser's share sheet, else copy the link with a 'Link Copied!' toast. */
async function shareArticle(title: string, text: string) {
  const url = window.location.href;
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, text, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    notify.success(
      i18n.t("Link Copied!"),
      i18n.t("The link to this article is on your clipboard."),
    );
  } catch {
    notify.error(i18n.t("Could not copy the link"), url);
  }
}

export function NewsArticlePage() {
  const { t } = useTranslation();
  const { newsId = "" } = useParams();
  const article = useNewsArticle(newsId);
  // The Hindi version where the interface is Hindi and the article has one (each part apart).
  const pick = usePickText();
  usePageTitle(article.data && pick(article.data.title, article.data.titleHi).text);

  return (
    <QueryContent
      query={article}
      loadingLabel={t("Loading article...")}
      error={(error, retry) => (
        <div className="mx-auto grid max-w-3xl gap-4 px-4 py-8">
          {error instanceof ApiError && error.status === 404 ? (
            <ErrorState title={t("Article Not Found")} message={t(NEWS_MESSAGES.notFound)}>
              <BackToNews />
            </ErrorState>
          ) : (
            <ErrorState
              title={t("Failed to Load News")}
              message={errorMessage(error)}
              onRetry={retry}
            >
              <BackToNews />
            </ErrorState>
          )}
        </div>
      )}
    >
      {(data) => <NewsArticle news={data} />}
    </QueryContent>
  );
}

/** The loaded article, in the reader's language where it has one. */
function NewsArticle({ news }: { news: HookData<typeof useNewsArticle> }) {
  const { t } = useTranslation();
  const pick = usePickText();
  const title = pick(news.title, news.titleHi);
  const body = pick(news.content, news.contentHi);
  const excerpt = pick(news.excerpt ?? "", news.excerptHi);
  return (
    <article className="mx-auto grid max-w-3xl gap-6 px-4 py-6">
      <header className="grid gap-3 border-b border-border pb-4">
        <h1 lang={title.lang} className="text-2xl font-bold leading-tight sm:text-3xl">
          {title.text}
        </h1>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">
            <Trans
              i18nKey={msg("Published on <time>{{date}}</time>")}
              values={{ date: formatPublishedDate(news.publishedDate) }}
              components={{ time: <time dateTime={news.publishedDate} /> }}
            />
          </p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void shareArticle(title.text, excerpt.text)}
          >
            <Share2 aria-hidden="true" /> {t("Share")}
          </Button>
        </div>
      </header>
      <RichText html={body.text} lang={body.lang} className="rounded-lg bg-background p-4 sm:p-6" />
      <BackToNews />
    </article>
  );
}
