import { useQuery } from "@tanstack/react-query";
import {
  NumberField,
  RichTextField,
  SwitchField,
  TextareaField,
  TextField,
} from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { numberOf, schemaResolver } from "@web/components/form/schema-resolver.ts";
import { Dialog, DialogContent } from "@web/components/ui/dialog.tsx";
import { LoadingState } from "@web/components/ui/states.tsx";
import {
  type AdminCourseRow,
  adminCourseQueryOptions,
  planChoicesQueryOptions,
  uploadCourseImage,
  useSaveCourse,
} from "@web/lib/courses.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useEffect } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type CourseInput, courseSchema, slugify } from "../../../../shared/courses.ts";
import { emptyStep, type ModuleValues, SyllabusFields } from "./syllabus-fields.tsx";

type CourseValues = {
  slug: string;
  title: string;
  titleHi: string;
  summary: string;
  summaryHi: string;
  description: string;
  isFree: boolean;
  isPublished: boolean;
  sortOrder: string;
  planIds: string[];
  modules: ModuleValues[];
};

const resolver = schemaResolver<CourseValues, typeof courseSchema>(courseSchema, (values) => ({
  ...values,
  sortOrder: numberOf(values.sortOrder),
  modules: values.modules.map((m) => ({
    title: m.title,
    titleHi: m.titleHi,
    items: m.items.map((item) =>
      item.kind === "practice"
        ? {
            kind: "practice" as const,
            subjectId: item.subjectId,
            topicId: item.topicId || null,
            questions: numberOf(item.questions),
          }
        : { kind: item.kind, id: item.id },
    ),
  })),
}));

type Loaded = Awaited<
  ReturnType<NonNullable<ReturnType<typeof adminCourseQueryOptions>["queryFn"]>>
>;

function valuesOf(course: Loaded | null): CourseValues {
  return {
    slug: course?.slug ?? "",
    title: course?.title ?? "",
    titleHi: course?.titleHi ?? "",
    summary: course?.summary ?? "",
    summaryHi: course?.summaryHi ?? "",
    description: course?.description ?? "",
    isFree: course?.isFree ?? true,
    isPublished: course?.isPublished ?? false,
    sortOrder: String(course?.sortOrder ?? 0),
    planIds: course?.planIds ?? [],
    modules: course
      ? course.modules.map((m) => ({
          title: m.title,
          titleHi: m.titleHi ?? "",
          items: m.items.map((item) =>
            item.kind === "practice"
              ? {
                  ...emptyStep("practice"),
                  subjectId: item.subjectId,
                  topicId: item.topicId ?? "",
                  questions: String(item.questions),
                }
              : { ...emptyStep(item.kind), id: item.id },
          ),
        }))
      : [{ title: "", titleHi: "", items: [emptyStep()] }],
  };
}

/** A new course's web address follows its title until the admin types one. */
function SlugFromTitle({ isNew }: { isNew: boolean }) {
  const { setValue, getFieldState } = useFormContext<CourseValues>();
  const title = useWatch<CourseValues, "title">({ name: "title" });
  useEffect(() => {
    if (isNew && !getFieldState("slug").isDirty) setValue("slug", slugify(title ?? ""));
  }, [title, isNew, setValue, getFieldState]);
  return null;
}

/** Which plans open the course when it is premium. */
function PlanChoices() {
  const { t } = useTranslation();
  const plans = useQuery(planChoicesQueryOptions);
  const { register } = useFormContext<CourseValues>();
  const isFree = useWatch<CourseValues, "isFree">({ name: "isFree" });
  if (isFree) return null;
  return (
    <fieldset className="grid gap-2 rounded-lg border border-border p-3">
      <legend className="px-1 text-sm font-medium">{t("Plans that include this course")}</legend>
      {plans.data?.items.length ? (
        plans.data.items.map((plan) => (
          <label key={plan.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" value={plan.id} {...register("planIds")} />
            {plan.name}
          </label>
        ))
      ) : (
        <p className="text-sm text-muted-foreground">
          {plans.isPending ? t("Loading...") : t("No plans yet.")}
        </p>
      )}
    </fieldset>
  );
}

function CourseForm(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  id: string | null;
  course: Loaded | null;
}) {
  const { t } = useTranslation();
  const save = useSaveCourse();
  const form = useDialogForm<CourseValues, CourseInput>({
    open: props.open,
    resolver,
    values: () => valuesOf(props.course),
  });
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.id ? t("Edit course") : t("New course")}
      className="sm:max-w-3xl"
      form={form}
      submitLabel={t("Save course")}
      onInvalid={(errors) => {
        if (errors.root?.message) notify.error(t("Check the course"), t(errors.root.message));
      }}
      onSubmit={async (input) => {
        try {
          await save.mutateAsync({ id: props.id ?? undefined, input });
          notify.success(t("Course saved"));
          props.onOpenChange(false);
        } catch (error) {
          notify.error(t("Error saving the course"), errorMessage(error));
        }
      }}
    >
      <SlugFromTitle isNew={!props.id} />
      <TextField name="title" label={t("Title")} autoComplete="off" />
      <TextField name="titleHi" label={t("Title (Hindi, optional)")} lang="hi" autoComplete="off" />
      <TextField
        name="slug"
        label={t("Web address")}
        hint={t("The course's page is /courses/ followed by this.")}
        autoComplete="off"
      />
      <TextareaField name="summary" label={t("Summary")} rows={2} />
      <TextareaField name="summaryHi" label={t("Summary (Hindi, optional)")} rows={2} lang="hi" />
      <RichTextField name="description" label={t("Description")} uploadImage={uploadCourseImage} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SwitchField
          name="isFree"
          label={t("Free course")}
          description={t("Off: only students whose plan includes it can start it.")}
        />
        <SwitchField
          name="isPublished"
          label={t("Published")}
          description={t("Students see it on Courses.")}
        />
      </div>
      <PlanChoices />
      <NumberField name="sortOrder" label={t("Order on the Courses page")} min={0} />
      <SyllabusFields />
    </FormDialog>
  );
}

/** The course form: a new course, or an existing one once its syllabus has loaded. */
export function CourseDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  row: AdminCourseRow | null;
}) {
  const { t } = useTranslation();
  const loaded = useQuery({
    ...adminCourseQueryOptions(props.row?.id ?? ""),
    enabled: props.open && props.row !== null,
  });
  if (props.row && !loaded.data) {
    return (
      <Dialog open={props.open} onOpenChange={props.onOpenChange}>
        <DialogContent title={t("Edit course")}>
          <LoadingState label={t("Loading the course...")} />
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <CourseForm
      key={props.row?.id ?? "new"}
      open={props.open}
      onOpenChange={props.onOpenChange}
      id={props.row?.id ?? null}
      course={props.row ? (loaded.data ?? null) : null}
    />
  );
}
