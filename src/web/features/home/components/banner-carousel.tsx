import { cn } from "@web/lib/cn.ts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { msg } from "../../../../shared/i18n/msg.ts";

export type Banner = {
  title: string;
  description: string;
  imageUrl: string;
  altText: string;
  ctaText: string;
  ctaLink: string;
};

export const BANNERS: Banner[] = [
  {
    title: msg("All-India Mock Test Series"),
    description: msg(
      "Full-length and sectional tests in the UPSC pattern, graded the moment you submit.",
    ),
    imageUrl: "/banners/mock-tests.svg",
    altText: msg("A mock test sheet and a stopwatch"),
    ctaText: msg("Start a Mock Test"),
    ctaLink: "/student/exams?filter=mock",
  },
  {
    title: msg("Current Affairs in 10 Minutes a Day"),
    description: msg(
      "A short daily quiz and an analysis of the news that matters for Prelims and Mains.",
    ),
    imageUrl: "/banners/current-affairs.svg",
    altText: msg("A newspaper and a lightbulb"),
    ctaText: msg("Take Today's Quiz"),
    ctaLink: "/current-affairs/quizzes",
  },
];

export const BANNER_INTERVAL_MS = 7000;

function prefersReducedMotion(): boolean {
  return (
    typeof window !== "undefined" &&
    window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true
  );
}

/** Spec: advances every 7 seconds with dots; pauses on hover and keyboard focus; no motion if reduced. */
export function BannerCarousel({ banners = BANNERS }: { banners?: Banner[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [isPaused, setIsPaused] = useState(false);
  useEffect(() => {
    if (isPaused || banners.length < 2 || prefersReducedMotion()) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % banners.length), BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [isPaused, banners.length]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("Highlights")}
      className="relative overflow-hidden rounded-xl bg-primary text-primary-foreground"
      onMouseEnter={() => setIsPaused(true)}
      onMouseLeave={() => setIsPaused(false)}
      onFocus={() => setIsPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setIsPaused(false);
      }}
    >
      {banners.map((banner, i) => (
        // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names slides as groups; a fieldset is for forms
        <div
          key={banner.title}
          role="group"
          aria-roledescription="slide"
          aria-label={t("{{n}} of {{total}}: {{title}}", {
            n: i + 1,
            total: banners.length,
            title: t(banner.title),
          })}
          hidden={i !== index}
          className="grid items-center gap-4 p-5 sm:grid-cols-[1fr_auto] sm:p-8"
        >
          <div className="grid gap-2">
            <h2 className="text-xl font-bold sm:text-2xl">{t(banner.title)}</h2>
            <p className="text-sm opacity-90 sm:text-base">{t(banner.description)}</p>
            <Link
              to={banner.ctaLink}
              className="mt-1 justify-self-start rounded-md bg-background px-4 py-2 text-sm font-semibold text-primary hover:bg-secondary"
            >
              {t(banner.ctaText)}
            </Link>
          </div>
          <img
            src={banner.imageUrl}
            alt={t(banner.altText)}
            width={320}
            height={160}
            loading={i === 0 ? "eager" : "lazy"}
            decoding="async"
            className="hidden h-40 w-80 rounded-lg object-cover sm:block"
          />
        </div>
      ))}
      <div className="absolute bottom-1 right-2 flex">
        {banners.map((banner, i) => (
          // The dot is small; the button around it is a 24 px target (44 px on touch screens).
          <button
            key={banner.title}
            type="button"
            aria-label={t("Show banner {{n}}", { n: i + 1 })}
            aria-current={i === index}
            onClick={() => setIndex(i)}
            className="grid size-6 place-items-center rounded-full"
          >
            <span
              className={cn(
                "size-2.5 rounded-full",
                i === index ? "bg-background" : "bg-background/50",
              )}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
