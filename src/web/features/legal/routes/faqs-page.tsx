import { QueryContent } from "@web/components/ui/query-content.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFaqs } from "../api/list-faqs.ts";

/** The admin's published questions, in their order, each opening its answer. */
export function FaqsPage() {
  const { t } = useTranslation();
  const faqs = useFaqs();
  return (
    <div className="mx-auto grid max-w-3xl gap-5 px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("Frequently Asked Questions")}</h1>
      <QueryContent
        query={faqs}
        loadingLabel={t("Loading questions...")}
        errorTitle={t("Error loading questions")}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState title={t("No questions yet.")} />}
      >
        {(list) => (
          <div className="grid gap-2">
            {list.map((faq) => (
              <details
                key={faq.id}
                className="group rounded-lg border border-border bg-background open:shadow-sm"
              >
                <summary className="flex min-h-12 cursor-pointer items-center px-4 py-3 font-semibold">
                  {faq.question}
                </summary>
                <p className="whitespace-pre-line px-4 pb-4 leading-relaxed text-muted-foreground">
                  {faq.answer}
                </p>
              </details>
            ))}
          </div>
        )}
      </QueryContent>
      <p className="text-muted-foreground">
        {t("Did not find your answer?")}{" "}
        <Link className="font-medium text-primary underline" to="/support">
          {t("Send a support request")}
        </Link>
      </p>
    </div>
  );
}
