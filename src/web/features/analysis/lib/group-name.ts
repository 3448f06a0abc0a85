import { useTranslation } from "react-i18next";
import { ANALYSIS_TEXT } from "../../../../shared/analysis.ts";

/**
 * The server names the groups of untagged questions in English ("Untagged", "No topic"); they
 * are shown in the interface language. Subject and topic names an admin wrote stay as written.
 */
export function useGroupName(): (name: string) => string {
  const { t } = useTranslation();
  return (name) =>
    name === ANALYSIS_TEXT.untagged || name === ANALYSIS_TEXT.noTopic ? t(name) : name;
}
