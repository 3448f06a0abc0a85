import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isUiLanguage, type UiLanguage } from "../../shared/i18n/languages.ts";
import { api, unwrap } from "./api.ts";
import { type SessionData, useAuth } from "./auth.ts";
import { applyLanguage, currentLanguage } from "./i18n.ts";
import { queryKeys } from "./query-keys.ts";
import { notify } from "./toast.ts";

/** Remembers the language for the signed-in user and puts it in the cached session. */
async function rememberLanguage(queryClient: QueryClient, language: UiLanguage) {
  const saved = await unwrap(api.account.language.$put({ json: { language } }));
  queryClient.setQueryData<SessionData>(queryKeys.session, (data) =>
    data?.profile ? { ...data, profile: { ...data.profile, ...saved } } : data,
  );
}

/**
 * The interface language and the way to change it: at once on this device, and remembered on the
 * server for a signed-in user (questions follow it where a translation exists, decision 039).
 */
export function useUiLanguage(): [UiLanguage, (language: UiLanguage) => void] {
  const { i18n, t } = useTranslation();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const language = isUiLanguage(i18n.language) ? i18n.language : currentLanguage();
  const change = (next: UiLanguage) => {
    void applyLanguage(next);
    if (auth.status !== "signed-in") return;
    rememberLanguage(queryClient, next).catch(() =>
      notify.error(t("Language Not Saved"), t("Your choice applies on this device only.")),
    );
  };
  return [language, change];
}

/**
 * Keeps the interface in the signed-in user's remembered language; a user who has not chosen
 * one yet keeps the language they were browsing in, and it is remembered for them.
 */
export function LanguageSync() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const profile = auth.status === "signed-in" ? auth.session.profile : null;
  const stored = profile?.uiLanguage;
  const hasProfile = profile != null;
  useEffect(() => {
    if (!hasProfile) return;
    if (stored) {
      if (stored !== currentLanguage()) void applyLanguage(stored);
      return;
    }
    rememberLanguage(queryClient, currentLanguage()).catch(() => {
      // Tried again on the next session load; the interface is already in this language.
    });
  }, [hasProfile, stored, queryClient]);
  return null;
}
