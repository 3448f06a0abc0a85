import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { IconActions } from "@web/components/ui/row-actions.tsx";
import { ACCOMMODATION_STATUS_LABELS, describeExtraTime } from "@web/lib/extra-time.ts";
import { formatDate } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { Ban, Check, Clock, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AccommodationStatus } from "../../../../shared/accommodations.ts";
import {
  type AdminAccommodation,
  adminAccommodationsQueryOptions,
  useApproveAccommodation,
  useGrantAccommodation,
  useRejectAccommodation,
  useRevokeAccommodation,
} from "../api/accommodations.ts";
import { ExtraTimeDialog } from "../components/extra-time-dialog.tsx";
import { ReasonDialog } from "../components/reason-dialog.tsx";

const BADGE: Record<AccommodationStatus, "warning" | "success" | "secondary"> = {
  pending: "warning",
  approved: "success",
  rejected: "secondary",
  revoked: "secondary",
};

type Open =
  | { dialog: "grant" }
  | { dialog: "approve" | "reject" | "revoke"; row: AdminAccommodation }
  | null;

/**
 * /admin/accommodations (decision 048): students' extra-time requests, those under review first;
 * open the certificate, approve with minutes per hour or fixed minutes, refuse or revoke with a
 * reason, or set extra time on an account directly after checking a certificate offline.
 */
export function AdminAccommodationsPage() {
  const { t } = useTranslation();
  const approve = useApproveAccommodation();
  const reject = useRejectAccommodation();
  const revoke = useRevokeAccommodation();
  const grant = useGrantAccommodation();
  const [open, setOpen] = useState<Open>(null);
  const close = (isOpen: boolean) => !isOpen && setOpen(null);
  const row = open && open.dialog !== "grant" ? open.row : null;
  const who = (r: AdminAccommodation) => r.name || r.email;
  return (
    <ResourceList
      title={t("Accommodations")}
      description={t(
        "Extra time in tests for students with disabilities: check each certificate, then approve or refuse.",
      )}
      actions={() => (
        <Button onClick={() => setOpen({ dialog: "grant" })}>
          <Clock aria-hidden="true" /> {t("Set extra time")}
        </Button>
      )}
      search={{
        id: "accommodation-search",
        label: t("Search requests"),
        placeholder: t("Search by name or email..."),
      }}
      query={adminAccommodationsQueryOptions}
      loadingLabel={t("Loading requests...")}
      errorTitle={t("Error loading accommodation requests")}
      empty={{
        title: t("No requests yet."),
        description: t("Students upload a certificate from their profile to ask for extra time."),
      }}
      columns={[
        {
          header: t("Student"),
          className: "break-all",
          cell: (r) => (
            <span className="grid">
              <span className="font-medium">{r.name || "—"}</span>
              <span className="text-muted-foreground">{r.email}</span>
            </span>
          ),
        },
        {
          header: t("Status"),
          cell: (r) => (
            <span className="grid justify-items-start gap-1">
              <Badge variant={BADGE[r.status]}>{t(ACCOMMODATION_STATUS_LABELS[r.status])}</Badge>
              {r.reason ? <span className="text-xs text-muted-foreground">{r.reason}</span> : null}
            </span>
          ),
        },
        {
          header: t("Extra time"),
          cell: (r) => (r.extraTime ? describeExtraTime(r.extraTime) : "—"),
        },
        {
          header: t("Uploaded"),
          cell: (r) => (r.certificateUploadedAt ? formatDate(r.certificateUploadedAt) : "—"),
        },
        {
          header: t("Certificate"),
          cell: (r) =>
            r.certificateUrl ? (
              <a
                href={r.certificateUrl}
                target="_blank"
                rel="noreferrer"
                className="font-medium text-primary underline"
                aria-label={t("Open {{name}}'s certificate", { name: who(r) })}
              >
                {t("Open")}
              </a>
            ) : (
              t("Checked offline")
            ),
        },
      ]}
      rowActions={(r) => (
        <IconActions
          actions={
            r.status === "pending"
              ? [
                  {
                    label: t("Approve {{name}}", { name: who(r) }),
                    icon: Check,
                    onClick: () => setOpen({ dialog: "approve", row: r }),
                  },
                  {
                    label: t("Refuse {{name}}", { name: who(r) }),
                    icon: X,
                    onClick: () => setOpen({ dialog: "reject", row: r }),
                    destructive: true,
                  },
                ]
              : r.status === "approved"
                ? [
                    {
                      label: t("Revoke {{name}}'s extra time", { name: who(r) }),
                      icon: Ban,
                      onClick: () => setOpen({ dialog: "revoke", row: r }),
                      destructive: true,
                    },
                  ]
                : []
          }
        />
      )}
    >
      <ExtraTimeDialog
        open={open?.dialog === "grant"}
        onOpenChange={close}
        askEmail
        title={t("Set extra time")}
        description={t(
          "For a student whose certificate you checked yourself. It replaces any extra time the account has.",
        )}
        submitLabel={t("Set extra time")}
        run={async ({ email = "", ...extra }) => {
          await grant.mutateAsync({ email, ...extra });
          notify.success(t("Extra time set"), email);
        }}
      />
      <ExtraTimeDialog
        open={open?.dialog === "approve"}
        onOpenChange={close}
        title={t("Approve extra time")}
        description={row ? who(row) : undefined}
        submitLabel={t("Approve")}
        run={async (extra) => {
          if (!row) return;
          await approve.mutateAsync({ id: row.id, grant: extra });
          notify.success(t("Extra time approved"), who(row));
        }}
      />
      <ReasonDialog
        open={open?.dialog === "reject"}
        onOpenChange={close}
        title={t("Refuse request")}
        description={row ? who(row) : ""}
        submitLabel={t("Refuse")}
        run={async (reason) => {
          if (!row) return;
          await reject.mutateAsync({ id: row.id, reason });
          notify.success(t("Request refused"), who(row));
        }}
      />
      <ReasonDialog
        open={open?.dialog === "revoke"}
        onOpenChange={close}
        title={t("Revoke extra time")}
        description={
          row
            ? t("{{name}} loses the extra time in tests started from now on.", { name: who(row) })
            : ""
        }
        submitLabel={t("Revoke")}
        run={async (reason) => {
          if (!row) return;
          await revoke.mutateAsync({ id: row.id, reason });
          notify.success(t("Extra time revoked"), who(row));
        }}
      />
    </ResourceList>
  );
}
