import { Card } from "@web/components/ui/card.tsx";
import { useUiLanguage } from "@web/lib/use-ui-language.ts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { UI_LANGUAGES, type UiLanguage } from "../../../shared/i18n/languages.ts";
import { msg } from "../../../shared/i18n/msg.ts";

const NAMES: Record<UiLanguage, string> = { en: msg("English"), hi: msg("Hindi") };

/**
 * The profile's language choice (the header's switch does the same): the interface, and the
 * questions where a translation exists, in English or Hindi, remembered for the student.
 */
export function LanguageChoice({ bare = false }: { bare?: boolean }) {
  const { t } = useTranslation();
  const [language, change] = useUiLanguage();
  const hint = useId();
  const choice = (
    <fieldset className="grid gap-3" aria-describedby={hint}>
      {/* Bare (inside a step already headed "Language"): the legend is for screen readers only. */}
      <legend className={bare ? "sr-only" : "text-lg font-semibold"}>{t("Language")}</legend>
      <p id={hint} className="text-sm text-muted-foreground">
        {t("The app, and the questions where a translation exists, are shown in this language.")}
      </p>
      <div className="flex flex-wrap gap-3">
        {UI_LANGUAGES.map((code) => (
          <label
            key={code}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-border px-4 has-[:checked]:border-primary has-[:checked]:bg-secondary"
          >
            <input
              type="radio"
              name="ui-language"
              value={code}
              checked={language === code}
              onChange={() => change(code)}
              className="size-4 accent-primary"
            />
            {t(NAMES[code])}
          </label>
        ))}
      </div>
    </fieldset>
  );
  return bare ? choice : <Card className="p-5 sm:p-6">{choice}</Card>;
}
