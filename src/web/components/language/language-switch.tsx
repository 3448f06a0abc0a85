import { Button } from "@web/components/ui/button.tsx";
import { useUiLanguage } from "@web/lib/use-ui-language.ts";
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAME, UI_LANGUAGES } from "../../../shared/i18n/languages.ts";

/**
 * The header's language switch: one button naming the other language in its own script
 * ("हिन्दी" / "English"), labelled for screen readers in the language it switches to.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const [language, change] = useUiLanguage();
  const other = UI_LANGUAGES.find((l) => l !== language) ?? "en";
  return (
    <Button
      type="button"
      size="sm"
      variant="ghost"
      aria-label={t("Change language to {{language}}", { language: LANGUAGE_NAME[other] })}
      onClick={() => change(other)}
    >
      <span lang={other}>{LANGUAGE_NAME[other]}</span>
    </Button>
  );
}
