import { useTranslation } from "react-i18next";
import { NotesBrowser } from "./study-notes-page.tsx";

/** /current-affairs/notes: the monthly current-affairs compilations, newest month first. */
export function CurrentAffairsNotesPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="ca-notes" className="grid gap-4">
      <h2 id="ca-notes" className="text-lg font-semibold">
        {t("Current Affairs Notes")}
      </h2>
      <NotesBrowser kind="current_affairs" withTaxonomy={false} />
    </section>
  );
}
