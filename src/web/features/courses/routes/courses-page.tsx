import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "@web/components/layout/page-header.tsx";
import { LocalText } from "@web/components/local-text.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import { useBackLink } from "@web/lib/back-link.ts";
import { coursesQueryOptions } from "@web/lib/courses.ts";
import { Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CourseProgress } from "../components/course-progress.tsx";

/** /courses (decision 043): every published course, with the student's progress in theirs. */
export function CoursesPage() {
  const { t } = useTranslation();
  const back = useBackLink();
  const list = useQuery(coursesQueryOptions);
  return (
    <div className="mx-auto grid max-w-4xl gap-5 px-4 py-6">
      <PageHeader
        title={t("Courses")}
        description={t("Structured paths through notes, videos, classes and tests, step by step.")}
        backTo={back.to}
        backLabel={t(back.label)}
      />
      <QueryContent
        query={list}
        loadingLabel={t("Loading courses...")}
        errorTitle={t("Error loading courses")}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            title={t("No courses yet.")}
            description={t("Courses appear here when they are published.")}
          />
        }
      >
        {(courses) => (
          <ul className="grid gap-3 md:grid-cols-2">
            {courses.map((course) => (
              <li key={course.id}>
                <Link
                  to={`/courses/${course.slug}`}
                  className="grid h-full content-start gap-2 rounded-lg border border-border bg-background p-4 shadow-sm hover:border-primary"
                >
                  <span className="flex flex-wrap items-center gap-2">
                    {course.isFree ? (
                      <Badge variant="success">{t("Free")}</Badge>
                    ) : (
                      <Badge variant="warning">{t("Premium")}</Badge>
                    )}
                    {course.locked ? (
                      <span className="flex items-center gap-1 text-xs text-muted-foreground">
                        <Lock aria-hidden="true" className="size-3.5" />
                        {t("Locked")}
                      </span>
                    ) : null}
                    {course.enrolled ? <Badge variant="secondary">{t("Enrolled")}</Badge> : null}
                  </span>
                  <LocalText
                    as="h2"
                    english={course.title}
                    hindi={course.titleHi}
                    className="text-base font-semibold"
                  />
                  {course.summary ? (
                    <LocalText
                      as="p"
                      english={course.summary}
                      hindi={course.summaryHi}
                      className="text-sm text-muted-foreground"
                    />
                  ) : null}
                  <span className="text-sm text-muted-foreground">
                    {t("{{count}} steps", { count: course.steps })}
                  </span>
                  {course.progress ? (
                    <CourseProgress done={course.progress.done} total={course.progress.total} />
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
    </div>
  );
}
