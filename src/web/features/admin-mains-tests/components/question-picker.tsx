import { useQuery } from "@tanstack/react-query";
import { SearchBox } from "@web/components/resource/search-box.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Pagination } from "@web/components/ui/pagination.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { useDebounced } from "@web/hooks/use-debounced.ts";
import { contentLang } from "@web/lib/content-language.ts";
import { type MainsQuestionRow, mainsQuestionsQueryOptions } from "@web/lib/mains-questions.ts";
import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MainsPaper } from "../../../../shared/mains-papers.ts";

const PAGE_SIZE = 10;

/**
 * The Mains question bank for one paper (GET /api/mains-questions), searched and paged; "Add"
 * puts a question at the end of the test's paper. Questions already in it cannot be added again.
 */
export function QuestionPicker(props: {
  paper: MainsPaper;
  chosen: ReadonlySet<string>;
  disabled: boolean;
  onAdd: (question: MainsQuestionRow) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim());
  const list = useQuery(
    mainsQuestionsQueryOptions({
      page,
      pageSize: PAGE_SIZE,
      search: debounced || undefined,
      paper: props.paper,
    }),
  );
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <h3 id={`${id}-heading`} className="font-semibold">
        {t("Add questions from the bank")}
      </h3>
      <SearchBox
        id={`${id}-search`}
        label={t("Search Mains questions")}
        placeholder={t("Search by question text...")}
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      <QueryContent
        query={list}
        compact
        errorTitle={t("Error loading Mains questions")}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <p className="text-sm text-muted-foreground">
            {t("No questions of this paper in the bank. Add them at Mains Questions.")}
          </p>
        }
      >
        {(data) => (
          <>
            <ul className="grid gap-2">
              {data.items.map((question) => {
                const added = props.chosen.has(question.id);
                return (
                  <li
                    key={question.id}
                    className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
                  >
                    <div className="grid gap-0.5">
                      <p lang={contentLang(question.questionText)} className="line-clamp-2 text-sm">
                        {question.questionText}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        {t("{{marks}} marks", { marks: question.marks })}
                        {question.questionTextHi ? ` · ${t("Has Hindi")}` : ""}
                      </p>
                    </div>
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      disabled={props.disabled || added}
                      onClick={() => props.onAdd(question)}
                      aria-label={t("Add question: {{text}}", {
                        text: question.questionText.slice(0, 60),
                      })}
                    >
                      <Plus aria-hidden="true" />
                      {added ? t("In the paper") : t("Add")}
                    </Button>
                  </li>
                );
              })}
            </ul>
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onPageChange={setPage}
            />
          </>
        )}
      </QueryContent>
    </section>
  );
}
