import { cn } from "@web/lib/cn.ts";
import { useTranslation } from "react-i18next";
import {
  LANGUAGE_NATIVE_LABELS,
  LANGUAGES,
  type Language,
} from "../../../shared/quiz-constants.ts";

/** English / हिन्दी: two toggle buttons (the pressed one is the language shown). */
export function LanguageSwitch(props: { value: Language; onChange: (language: Language) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex rounded-md border border-border p-0.5">
      <legend className="sr-only">{t("Question language")}</legend>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          aria-pressed={props.value === language}
          onClick={() => props.onChange(language)}
          className={cn(
            "min-h-11 rounded px-3 py-1 text-sm font-medium",
            props.value === language ? "bg-primary text-primary-foreground" : "hover:bg-muted",
          )}
        >
          <span lang={language} className="font-[Noto_Sans_Devanagari,var(--font-sans)]">
            {LANGUAGE_NATIVE_LABELS[language]}
          </span>
        </button>
      ))}
    </fieldset>
  );
}
