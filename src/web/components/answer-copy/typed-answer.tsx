import { contentLang } from "@web/lib/content-language.ts";
import { useTranslation } from "react-i18next";

/** A typed answer as its reader sees it: the text in its own language, and its word count. */
export function TypedAnswer(props: { text: string; wordCount: number | null }) {
  const { t } = useTranslation();
  return (
    <section className="grid gap-2" aria-label={t("Typed answer")}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{t("Typed answer")}</h2>
        <span className="text-sm text-muted-foreground">
          {t("{{count}} words", { count: props.wordCount ?? 0 })}
        </span>
      </div>
      <div
        lang={contentLang(props.text)}
        className="whitespace-pre-wrap rounded-md border border-border bg-background p-4 leading-relaxed"
      >
        {props.text}
      </div>
    </section>
  );
}
