import { NumberField } from "@web/components/form/fields.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { FormProvider, type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  type BookletPageMap,
  bookletPageMapSchema,
} from "../../../../shared/mains-marking-schemas.ts";
import { type MainsMark, useCorrectPageMap } from "../api/mains-mark.ts";

type MapAnswer = MainsMark["booklet"]["answers"][number];
/** Each answer's first page as typed ("" for not answered). */
type MapValues = { starts: string[] };

/** Each start a page of the booklet, or blank; its message under its field. */
function pageMapResolver(
  answers: MapAnswer[],
  pageCount: number,
  t: TFunction,
): Resolver<MapValues, unknown, BookletPageMap> {
  return async (values) => {
    const errors: ({ type: string; message: string } | undefined)[] = [];
    const map = answers.map((answer, index) => {
      const raw = (values.starts[index] ?? "").trim();
      const page = raw === "" ? null : Number(raw);
      if (page !== null && !(Number.isInteger(page) && page >= 1 && page <= pageCount)) {
        errors[index] = {
          type: "range",
          message: t("Enter a page from 1 to {{last}}, or leave it blank.", { last: pageCount }),
        };
      }
      return { testQuestionId: answer.testQuestionId, startPage: page };
    });
    const parsed = bookletPageMapSchema.safeParse({ answers: map });
    if (errors.length > 0 || !parsed.success) {
      return { values: {}, errors: { starts: errors } as never };
    }
    return { values: parsed.data, errors: {} };
  };
}

/**
 * The booklet's page map (where each answer starts), for the mentor to correct when the student
 * marked it wrong; every answer's page range follows the saved map.
 */
export function MainsPageMap({ mark }: { mark: MainsMark }) {
  const { t } = useTranslation();
  const { answers, pageCount, id: bookletId } = mark.booklet;
  const resolver = useMemo(() => pageMapResolver(answers, pageCount, t), [answers, pageCount, t]);
  const form = useForm<MapValues, unknown, BookletPageMap>({
    resolver,
    defaultValues: {
      starts: answers.map((a) => (a.startPage === null ? "" : String(a.startPage))),
    },
  });
  const correct = useCorrectPageMap(bookletId);
  const onSubmit = form.handleSubmit(async (map) => {
    try {
      await correct.mutateAsync(map);
      form.reset(form.getValues());
      notify.success(t("Page map saved"));
    } catch (error) {
      notify.error(t("Error saving the page map"), errorMessage(error));
    }
  });
  return (
    <details className="rounded-md border border-border p-3">
      <summary className="cursor-pointer font-medium">{t("Correct the page map")}</summary>
      <FormProvider {...form}>
        <form className="grid gap-3 pt-3" onSubmit={onSubmit} noValidate>
          <p className="text-sm text-muted-foreground">
            {t(
              "The page each answer starts on. An answer runs to the page before the next answer's start; leave a question blank if it was not answered.",
            )}
          </p>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {answers.map((answer, index) => (
              <NumberField
                key={answer.testQuestionId}
                name={`starts.${index}`}
                label={t("Question {{position}} starts on page", { position: answer.position })}
                min={1}
                max={pageCount}
              />
            ))}
          </div>
          <Button
            type="submit"
            variant="outline"
            className="justify-self-start"
            disabled={correct.isPending}
          >
            {correct.isPending ? t("Saving...") : t("Save page map")}
          </Button>
        </form>
      </FormProvider>
    </details>
  );
}
