import { useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type SessionData, useAuth } from "@web/lib/auth.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../../shared/quiz-constants.ts";

/**
 * The language the questions are shown in: the student's remembered question language, or Hindi
 * in a Hindi interface. A switch shows the other text at once and is remembered like the attempt
 * page's (the account's question language); a question without that version stays in English.
 */
export function usePyqLanguage(): [Language, (language: Language) => void] {
  const { i18n } = useTranslation();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const stored = auth.status === "signed-in" ? auth.session.profile?.questionLanguage : undefined;
  const [chosen, setChosen] = useState<Language | null>(null);
  const language: Language = chosen ?? (i18n.language === "hi" ? "hi" : (stored ?? "en"));
  const change = (next: Language) => {
    setChosen(next);
    unwrap(api.account["question-language"].$put({ json: { language: next } }))
      .then(() =>
        queryClient.setQueryData<SessionData>(queryKeys.session, (data) =>
          data?.profile ? { ...data, profile: { ...data.profile, questionLanguage: next } } : data,
        ),
      )
      // Not remembered: the choice still holds on this page.
      .catch(() => undefined);
  };
  return [language, change];
}
