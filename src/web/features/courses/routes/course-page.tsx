import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "@web/components/layout/page-header.tsx";
import { LocalText } from "@web/components/local-text.tsx";
import { RichText } from "@web/components/rich-text/rich-text.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { QueryContent, type QueryData } from "@web/components/ui/query-content.tsx";
import { ErrorState } from "@web/components/ui/states.tsx";
import { ApiError } from "@web/lib/api.ts";
import { useAuth } from "@web/lib/auth.ts";
import { usePickText } from "@web/lib/content-language.ts";
import { courseQueryOptions, useEnrol } from "@web/lib/courses.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDateTime } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import {
  BookOpen,
  CheckCircle2,
  Circle,
  ClipboardList,
  Lock,
  type LucideIcon,
  PlayCircle,
  Target,
  TimerReset,
  Video,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router";
import { COURSE_ITEM_LABELS, type CourseItemKind } from "../../../../shared/courses.ts";
import { CourseProgress } from "../components/course-progress.tsx";

const ICONS: Record<CourseItemKind, LucideIcon> = {
  note: BookOpen,
  video: PlayCircle,
  live_class: Video,
  exam: ClipboardList,
  quiz: TimerReset,
  practice: Target,
};

/**
 * /courses/{slug} (decision 043): the course's syllabus, public like a prospectus. An enrolled
 * student sees each step done or not and a "Continue" button to the next one; a premium course
 * names the plans that include it.
 */
export function CoursePage() {
  const { t } = useTranslation();
  const { slug = "" } = useParams();
  const query = useQuery(courseQueryOptions(slug));

  return (
    <QueryContent
      query={query}
      loadingLabel={t("Loading the course...")}
      error={(error, retry) => (
        <div className="mx-auto grid max-w-3xl gap-4 px-4 py-8">
          <PageHeader title={t("Course")} backTo="/courses" backLabel={t("All courses")} />
          {error instanceof ApiError && error.status === 404 ? (
            <ErrorState
              title={t("Course not found")}
              message={t("The course may have been removed or not published yet.")}
            />
          ) : (
            <ErrorState
              title={t("Error loading the course")}
              message={errorMessage(error)}
              onRetry={retry}
            />
          )}
        </div>
      )}
    >
      {(course) => <CourseView course={course} />}
    </QueryContent>
  );
}

type Course = QueryData<typeof courseQueryOptions>;

/** The loaded course: its syllabus, the student's progress and the way on. */
function CourseView({ course }: { course: Course }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const location = useLocation();
  const pick = usePickText();
  const enrol = useEnrol();
  const steps = course.modules.flatMap((m) => m.steps);
  const next = steps.find((s) => s.id === course.progress?.nextStepId) ?? null;
  const signedIn = auth.status === "signed-in";
  const title = pick(course.title, course.titleHi);

  const start = async () => {
    try {
      await enrol.mutateAsync(course.slug);
      notify.success(t("You are enrolled. Your progress is saved as you go."));
    } catch (error) {
      notify.error(t("Could not enrol"), errorMessage(error));
    }
  };

  return (
    <div className="mx-auto grid max-w-3xl gap-5 px-4 py-6">
      <PageHeader
        title={title.text}
        description={
          course.summary ? (
            <LocalText english={course.summary} hindi={course.summaryHi} />
          ) : undefined
        }
        backTo="/courses"
        backLabel={t("All courses")}
      />
      <section
        aria-label={t("Your progress")}
        className="grid gap-3 rounded-lg border border-border bg-background p-4 shadow-sm"
      >
        <div className="flex flex-wrap items-center gap-2">
          {course.isFree ? (
            <Badge variant="success">{t("Free")}</Badge>
          ) : (
            <Badge variant="warning">{t("Premium")}</Badge>
          )}
          <span className="text-sm text-muted-foreground">
            {t("{{count}} steps", { count: steps.length })}
          </span>
        </div>
        {course.locked ? (
          <div className="grid gap-2">
            <p className="flex items-start gap-1.5 text-sm">
              <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {course.plans.length > 0
                ? t("Included in: {{plans}}.", { plans: course.plans.join(", ") })
                : t("This course is for subscribers.")}
            </p>
            <Button asChild size="sm" className="justify-self-start">
              <Link to={signedIn ? course.plansUrl : "/login"} state={{ from: location.pathname }}>
                {signedIn ? t("See plans") : t("Log in to start")}
              </Link>
            </Button>
          </div>
        ) : course.enrolled && course.progress ? (
          <>
            <CourseProgress done={course.progress.done} total={course.progress.total} />
            {next ? (
              // A step's title can be long: the button wraps instead of widening the page.
              <Button
                asChild
                className="h-auto min-h-10 justify-self-start whitespace-normal py-2 text-left"
              >
                <Link to={next.path}>
                  {t("Continue: {{step}}", { step: pick(next.title, next.titleHi).text })}
                </Link>
              </Button>
            ) : (
              <p className="flex items-center gap-1.5 font-medium text-success">
                <CheckCircle2 aria-hidden="true" className="size-5" />
                {t("You have completed every step of this course.")}
              </p>
            )}
          </>
        ) : signedIn ? (
          <Button
            className="justify-self-start"
            disabled={enrol.isPending}
            onClick={() => void start()}
          >
            {t("Start this course")}
          </Button>
        ) : (
          <Button asChild className="justify-self-start">
            <Link to="/login" state={{ from: location.pathname }}>
              {t("Log in to start")}
            </Link>
          </Button>
        )}
      </section>
      {course.description ? (
        <RichText html={course.description} className="rounded-lg bg-background p-4" />
      ) : null}
      <section aria-labelledby="syllabus" className="grid gap-4">
        <h2 id="syllabus" className="text-lg font-semibold">
          {t("Syllabus")}
        </h2>
        {course.modules.map((module, index) => (
          <section
            key={module.id}
            aria-labelledby={`module-${module.id}`}
            className="grid gap-2 rounded-lg border border-border bg-background p-4"
          >
            <h3 id={`module-${module.id}`} className="font-semibold">
              {t("Module {{n}}", { n: index + 1 })}:{" "}
              <LocalText english={module.title} hindi={module.titleHi} />
            </h3>
            {module.steps.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("No steps yet.")}</p>
            ) : (
              <ol className="grid gap-1">
                {module.steps.map((step) => {
                  const Icon = ICONS[step.kind];
                  const isNext = step.id === next?.id;
                  return (
                    <li key={step.id}>
                      <Link
                        to={step.path}
                        aria-current={isNext ? "step" : undefined}
                        className="flex min-h-11 items-center gap-3 rounded-md px-2 py-1.5 hover:bg-muted aria-[current=step]:bg-secondary"
                      >
                        {course.enrolled ? (
                          step.done ? (
                            <CheckCircle2
                              aria-label={t("Done")}
                              className="size-5 shrink-0 text-success"
                            />
                          ) : (
                            <Circle
                              aria-label={t("Not done yet")}
                              className="size-5 shrink-0 text-muted-foreground"
                            />
                          )
                        ) : null}
                        <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
                        <span className="grid min-w-0 flex-1">
                          <LocalText
                            english={step.title}
                            hindi={step.titleHi}
                            className="truncate"
                          />
                          <span className="text-xs text-muted-foreground">
                            {t(COURSE_ITEM_LABELS[step.kind])}
                            {step.startsAt ? ` · ${formatDateTime(step.startsAt)}` : ""}
                            {step.isFree ? "" : ` · ${t("Premium")}`}
                            {isNext ? ` · ${t("Next")}` : ""}
                          </span>
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ol>
            )}
          </section>
        ))}
      </section>
    </div>
  );
}
