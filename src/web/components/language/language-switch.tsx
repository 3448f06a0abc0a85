import { Button } from "@web/components/ui/button.tsx";
import { useUiLanguage } from "@web/lib/use-ui-language.ts";
import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { UI_LANGUAGES, type UiLanguage } from "../../../shared/i18n/languages.ts";

/**
 * The other language's name in Latin letters: the switch is on every page, and Devanagari here
 * would make every English page fetch the Devanagari font (it loads only with Hindi, decision 039).
 */
const SWITCH_LABEL: Record<UiLanguage, string> = { en: "English", hi: "Hindi" };

/** The header's language switch: one button naming the other language, with the usual icon. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const [language, change] = useUiLanguage();
  const other = UI_LANGUAGES.find((l) => l !== language) ?? "en";
  return (
    <Button
      type="button"
      size="sm"
      variant="ghost"
      aria-label={t("Change language to {{language}}", { language: SWITCH_LABEL[other] })}
      onClick={() => change(other)}
    >
      <Languages className="size-4" aria-hidden="true" />
      <span lang="en">{SWITCH_LABEL[other]}</span>
    </Button>
  );
}
