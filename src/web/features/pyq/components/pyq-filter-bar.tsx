import { Button } from "@web/components/ui/button.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { contentLang } from "@web/lib/content-language.ts";
import { useTranslation } from "react-i18next";
import type { PyqFilters } from "../../../../shared/pyq.ts";
import type { ExplorerFilter } from "../lib/pyq-filter.ts";

/** Subject, then one of its topics, then the years: the explorer's filter, as native selects. */
export function PyqFilterBar(props: {
  options: PyqFilters | undefined;
  filter: ExplorerFilter;
  onChange: (next: Partial<ExplorerFilter>) => void;
}) {
  const { t } = useTranslation();
  const { filter, onChange } = props;
  const subjects = props.options?.subjects ?? [];
  const subject = subjects.find((s) => s.id === filter.subjectId);
  const years = props.options?.years ?? [];
  const yearValue = (year: number | null) => (year === null ? "" : String(year));
  const toYear = (value: string) => (value ? Number(value) : null);
  const hasFilter = Boolean(
    filter.subjectId || filter.topicId || filter.fromYear !== null || filter.toYear !== null,
  );
  return (
    <section
      aria-labelledby="pyq-browse"
      className="grid gap-3 rounded-lg border border-border bg-background p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="pyq-browse" className="text-lg font-semibold">
          {t("Browse by subject, topic and year")}
        </h2>
        {hasFilter ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => onChange({ subjectId: "", topicId: "", fromYear: null, toYear: null })}
          >
            {t("Clear filters")}
          </Button>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <div className="col-span-2 grid gap-1.5 sm:col-span-1">
          <Label htmlFor="pyq-subject">{t("Subject")}</Label>
          <Select
            id="pyq-subject"
            value={filter.subjectId}
            onChange={(e) => onChange({ subjectId: e.target.value, topicId: "" })}
          >
            <option value="">{t("All subjects")}</option>
            {subjects.map((s) => (
              <option key={s.id} value={s.id} lang={contentLang(s.name)}>
                {`${s.name} (${s.questions})`}
              </option>
            ))}
          </Select>
        </div>
        <div className="col-span-2 grid gap-1.5 sm:col-span-1">
          <Label htmlFor="pyq-topic">{t("Topic")}</Label>
          <Select
            id="pyq-topic"
            value={filter.topicId}
            disabled={!subject}
            aria-describedby={subject ? undefined : "pyq-topic-hint"}
            onChange={(e) => onChange({ topicId: e.target.value })}
          >
            <option value="">{t("All topics")}</option>
            {subject?.topics.map((topic) => (
              <option key={topic.id} value={topic.id} lang={contentLang(topic.name)}>
                {`${topic.name} (${topic.questions})`}
              </option>
            ))}
          </Select>
          {subject ? null : (
            <p id="pyq-topic-hint" className="text-xs text-muted-foreground">
              {t("Choose a subject first.")}
            </p>
          )}
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor="pyq-from">{t("From year")}</Label>
          <Select
            id="pyq-from"
            value={yearValue(filter.fromYear)}
            onChange={(e) => {
              const fromYear = toYear(e.target.value);
              const later = fromYear !== null && filter.toYear !== null && fromYear > filter.toYear;
              onChange({ fromYear, ...(later ? { toYear: fromYear } : {}) });
            }}
          >
            <option value="">{t("Any year")}</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor="pyq-to">{t("To year")}</Label>
          <Select
            id="pyq-to"
            value={yearValue(filter.toYear)}
            onChange={(e) => {
              const toYearValue = toYear(e.target.value);
              const earlier =
                toYearValue !== null && filter.fromYear !== null && toYearValue < filter.fromYear;
              onChange({ toYear: toYearValue, ...(earlier ? { fromYear: toYearValue } : {}) });
            }}
          >
            <option value="">{t("Any year")}</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </Select>
        </div>
      </div>
    </section>
  );
}
