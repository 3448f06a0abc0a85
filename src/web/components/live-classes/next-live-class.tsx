import { useQuery } from "@tanstack/react-query";
import { type LiveClassRow, nextLiveClassQueryOptions } from "@web/lib/live-classes.ts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LiveClassCard } from "./live-class-card.tsx";

/**
 * The class live now or starting next (decision 043), on the home page and the dashboard, with
 * the way to the whole schedule. Nothing while it loads, when it fails, or when none is on.
 */
export function NextLiveClass(props: { liveClass?: LiveClassRow }) {
  const { t } = useTranslation();
  // The dashboard has it already (one request); the home page asks for it.
  const query = useQuery({ ...nextLiveClassQueryOptions, enabled: !props.liveClass });
  const liveClass = props.liveClass ?? query.data?.liveClass;
  if (!liveClass) return null;
  return (
    <section aria-labelledby="next-live-class" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="next-live-class" className="text-lg font-semibold">
          {liveClass.status === "live" ? t("Live class now") : t("Next live class")}
        </h2>
        <Link to="/live-classes" className="text-sm font-medium text-primary hover:underline">
          {t("All live classes")}
        </Link>
      </div>
      <LiveClassCard liveClass={liveClass} />
    </section>
  );
}
