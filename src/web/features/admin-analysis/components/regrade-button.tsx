import { Button } from "@web/components/ui/button.tsx";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog.tsx";
import { useDisclosure } from "@web/hooks/use-disclosure.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ContentKind } from "../../../../shared/attempt-kinds.ts";
import { REGRADE_TEXTS } from "../../../../shared/item-analysis.ts";
import { useRegrade } from "../api/item-analysis.ts";

/** "Regrade", after a confirmation: every completed attempt with the current keys. */
export function RegradeButton(props: { kind: ContentKind; id: string }) {
  const { t } = useTranslation();
  const dialog = useDisclosure();
  const regrade = useRegrade(props.kind, props.id);
  const run = async () => {
    try {
      const outcome = await regrade.mutateAsync();
      notify.success(
        t(REGRADE_TEXTS.successTitle),
        t(REGRADE_TEXTS.success, { regraded: outcome.regraded, attempts: outcome.attempts }),
      );
      dialog.close();
    } catch (error) {
      notify.error(t("Error"), errorMessage(error, REGRADE_TEXTS.failure));
    }
  };
  return (
    <>
      <Button onClick={() => dialog.open()}>
        <RefreshCw aria-hidden="true" /> {t(REGRADE_TEXTS.button)}
      </Button>
      <ConfirmDialog
        open={dialog.isOpen}
        onOpenChange={dialog.onOpenChange}
        title={t(REGRADE_TEXTS.confirmTitle)}
        description={t(REGRADE_TEXTS.confirmBody)}
        confirmLabel={t(REGRADE_TEXTS.button)}
        pendingLabel={t(REGRADE_TEXTS.pending)}
        isPending={regrade.isPending}
        onConfirm={() => void run()}
      />
    </>
  );
}
