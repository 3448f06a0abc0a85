import { Button } from "@web/components/ui/button.tsx";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-md gap-4 px-4 py-16 text-center">
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold">{t("Page Not Found")}</h1>
      <p className="text-muted-foreground">
        {t("The page you are looking for does not exist or has moved.")}
      </p>
      <Button asChild className="justify-self-center">
        <Link to="/">{t("Go Back to Homepage")}</Link>
      </Button>
    </div>
  );
}
