import { Spinner } from "@web/components/ui/spinner.tsx";
import { useTranslation } from "react-i18next";

export function LoadingOverlay() {
  const { t } = useTranslation();
  return (
    <div
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-background"
      aria-live="polite"
    >
      <Spinner className="size-8 text-primary" label={t("Loading Application...")} />
      <p className="text-lg font-medium">{t("Loading Application...")}</p>
    </div>
  );
}
