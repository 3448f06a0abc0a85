import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { adminCoursesQueryOptions, useDeleteCourse } from "@web/lib/courses.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CourseDialog } from "../components/course-dialog.tsx";

/** /admin/courses (decision 043): courses built from existing notes, videos, classes and tests. */
export function AdminCoursesPage() {
  const { t } = useTranslation();
  const remove = useDeleteCourse();
  return (
    <ResourceList
      title={t("Courses")}
      description={t("Build courses from existing notes, videos, live classes and tests.")}
      create={{ label: t("New course") }}
      search={{
        id: "course-search",
        label: t("Search courses"),
        placeholder: t("Search by title..."),
      }}
      query={(filter) => adminCoursesQueryOptions(filter)}
      loadingLabel={t("Loading courses...")}
      errorTitle={t("Error loading courses")}
      empty={{
        title: t("No courses yet."),
        description: t("Create the first course and pick its steps from what already exists."),
        action: (open) => (
          <button type="button" className="text-primary underline" onClick={open}>
            {t("New course")}
          </button>
        ),
      }}
      columns={[
        {
          header: t("Title"),
          className: "min-w-48 font-medium",
          cell: (c) =>
            c.isPublished ? (
              <Link to={`/courses/${c.slug}`} className="text-primary hover:underline">
                {c.title}
              </Link>
            ) : (
              c.title
            ),
        },
        {
          header: t("Status"),
          cell: (c) =>
            c.isPublished ? (
              <Badge variant="success">{t("Published")}</Badge>
            ) : (
              <Badge variant="outline">{t("Draft")}</Badge>
            ),
        },
        {
          header: t("Access"),
          cell: (c) =>
            c.isFree ? (
              <Badge variant="secondary">{t("Free")}</Badge>
            ) : (
              <Badge variant="warning">{t("Premium")}</Badge>
            ),
        },
        { header: t("Steps"), cell: (c) => c.steps },
        { header: t("Learners"), cell: (c) => c.learners },
      ]}
      rowLabel={(c) => c.title}
      form={(form) => (
        <CourseDialog open={form.open} onOpenChange={form.onOpenChange} row={form.row} />
      )}
      remove={{
        title: t("Delete course"),
        description: (c) =>
          t(
            'Delete "{{title}}"? Its syllabus and enrolments go with it; the notes, videos and tests stay.',
            {
              title: c.title,
            },
          ),
        run: async (c) => {
          try {
            await remove.mutateAsync(c.id);
            notify.success(t("Course deleted"));
          } catch (error) {
            notify.error(t("Error deleting the course"), errorMessage(error));
            return false;
          }
        },
      }}
    />
  );
}
