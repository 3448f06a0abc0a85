import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { type ImageMime, LOGO_RULES } from "../../../../shared/uploads.ts";
import { useRemoveLogo, useUploadLogo } from "../api/site-logo.ts";

/**
 * The site's logo: chosen, it is uploaded at once (the server checks its bytes again) and the
 * header shows it in place of the title; removed, the title comes back.
 */
export function SiteLogoCard({ logoUrl }: { logoUrl: string | null }) {
  const { t } = useTranslation();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = upload.isPending || remove.isPending;

  const chooseLogo = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = "";
    if (!file) return;
    // The browser's guess of the type, when it has one (the server reads the bytes).
    if (file.type && !LOGO_RULES.types.includes(file.type as ImageMime)) {
      notify.error(t("Logo Upload Error"), t(LOGO_RULES.wrongType));
      return;
    }
    if (file.size > LOGO_RULES.maxBytes) {
      notify.error(t("Logo Upload Error"), t(LOGO_RULES.tooLarge));
      return;
    }
    try {
      await upload.mutateAsync(file);
      notify.success(t("Logo Uploaded"), t("The header and link previews now show your logo."));
    } catch (error) {
      notify.error(t("Logo Upload Error"), errorMessage(error));
    }
  };

  const removeLogo = async () => {
    try {
      await remove.mutateAsync();
      notify.success(t("Logo Removed"), t("The header shows the application title again."));
    } catch (error) {
      notify.error(t("Error Removing Logo"), errorMessage(error));
    }
  };

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="site-logo-heading" className="grid gap-4">
        <div className="grid gap-1">
          <h2 id="site-logo-heading" className="text-lg font-semibold">
            {t("Logo")}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t("The header shows it in place of the application title, and shared links show it.")}
          </p>
        </div>
        {logoUrl ? (
          <img
            src={logoUrl}
            alt={t("Current logo")}
            height={48}
            className="h-12 w-auto max-w-full justify-self-start rounded-md border border-border object-contain p-1"
          />
        ) : (
          <p className="text-sm">{t("No logo yet: the header shows the application title.")}</p>
        )}
        <div className="grid gap-1.5">
          <label htmlFor="site-logo" className="text-sm font-medium">
            {logoUrl ? t("Replace the logo") : t("Upload a logo")}
          </label>
          <input
            ref={fileInput}
            id="site-logo"
            type="file"
            accept={LOGO_RULES.types.join(",")}
            aria-describedby="site-logo-hint"
            disabled={busy}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-muted"
            onChange={(event) => void chooseLogo(event.target.files?.[0])}
          />
          <p id="site-logo-hint" className="text-xs text-muted-foreground">
            {t("PNG, JPEG or WebP, up to 1 MB. The header shows it 32 pixels high.")}
          </p>
        </div>
        {upload.isPending ? <Spinner label={t("Uploading logo")} className="size-4" /> : null}
        {logoUrl ? (
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            className="sm:justify-self-start"
            onClick={() => void removeLogo()}
          >
            {t("Remove Logo")}
          </Button>
        ) : null}
      </section>
    </Card>
  );
}
