import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { useAuth } from "@web/lib/auth.ts";
import { useTranslation } from "react-i18next";
import { TwoFactorSettings } from "../components/two-factor-settings.tsx";

/** The admin's own account: who is signed in, and two-factor sign-in (decision 029). */
export function AdminAccountPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  if (auth.status !== "signed-in") return null;
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-6">
      <PageHeader
        title={t("My Account")}
        description={t("Signed in as {{email}}", { email: auth.session.user.email })}
        backTo="/admin/dashboard"
      />
      <Card className="p-5 sm:p-6">
        <TwoFactorSettings enabled={auth.session.user.twoFactorEnabled} />
      </Card>
    </div>
  );
}
