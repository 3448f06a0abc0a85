import { useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type SessionData, useAuth } from "@web/lib/auth.ts";
import { i18n } from "@web/lib/i18n.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { notify } from "@web/lib/toast.ts";
import { useState } from "react";
import type { Language } from "../../shared/quiz-constants.ts";

/** Remembers the student's question language on their account (every device opens in it). */
export function saveQuestionLanguage(language: Language) {
  return unwrap(api.account["question-language"].$put({ json: { language } }));
}

/**
 * The language questions are shown in, remembered for the student on the server (so every
 * device opens in it). Switching shows the other text at once; answers are never touched.
 */
export function useQuestionLanguage(): [Language, (language: Language) => void] {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const stored = auth.status === "signed-in" ? auth.session.profile?.questionLanguage : undefined;
  const [chosen, setChosen] = useState<Language | null>(null);
  const language = chosen ?? stored ?? "en";
  const change = (next: Language) => {
    setChosen(next);
    saveQuestionLanguage(next)
      .then(() =>
        queryClient.setQueryData<SessionData>(queryKeys.session, (data) =>
          data?.profile ? { ...data, profile: { ...data.profile, questionLanguage: next } } : data,
        ),
      )
      .catch(() =>
        notify.error(
          i18n.t("Language Not Saved"),
          i18n.t("Your choice applies on this page only."),
        ),
      );
  };
  return [language, change];
}
