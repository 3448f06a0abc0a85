import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { IconActions } from "@web/components/ui/row-actions.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatNumber } from "@web/lib/format.ts";
import { formatHours } from "@web/lib/time-left.ts";
import { notify } from "@web/lib/toast.ts";
import { Mail, UserMinus, UserPlus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  adminMentorsQueryOptions,
  useDemoteMentor,
  useInviteMentor,
  usePromoteMentor,
} from "../api/mentors.ts";
import { MentorEmailDialog } from "../components/mentor-email-dialog.tsx";

/**
 * /admin/mentors (decision 042): each mentor's load (copies held now), evaluations, average
 * turnaround and rating; promote an existing account, invite someone by email, or demote.
 */
export function AdminMentorsPage() {
  const { t } = useTranslation();
  const promote = usePromoteMentor();
  const invite = useInviteMentor();
  const demote = useDemoteMentor();
  const [dialog, setDialog] = useState<"add" | "invite" | null>(null);
  const closeOn = (which: "add" | "invite") => (open: boolean) => setDialog(open ? which : null);
  return (
    <ResourceList
      title={t("Mentors")}
      description={t("Mentors evaluate students' Mains answers.")}
      actions={() => (
        <>
          <Button variant="outline" onClick={() => setDialog("invite")}>
            <Mail aria-hidden="true" /> {t("Invite by email")}
          </Button>
          <Button onClick={() => setDialog("add")}>
            <UserPlus aria-hidden="true" /> {t("Add mentor")}
          </Button>
        </>
      )}
      search={{
        id: "mentor-search",
        label: t("Search mentors"),
        placeholder: t("Search by name or email..."),
      }}
      query={adminMentorsQueryOptions}
      loadingLabel={t("Loading mentors...")}
      errorTitle={t("Error loading mentors")}
      empty={{
        title: t("No mentors yet."),
        description: t("Add an existing account as a mentor, or invite someone by email."),
      }}
      columns={[
        { header: t("Name"), className: "font-medium", cell: (m) => m.name || "—" },
        { header: t("Email"), className: "break-all", cell: (m) => m.email },
        { header: t("Copies held"), cell: (m) => formatNumber(m.load) },
        { header: t("Evaluated"), cell: (m) => formatNumber(m.evaluated) },
        { header: t("Average turnaround"), cell: (m) => formatHours(m.averageHours) },
        {
          header: t("Average rating"),
          cell: (m) => (m.averageRating === null ? "—" : m.averageRating.toFixed(1)),
        },
      ]}
      rowActions={(m, handlers) => (
        <IconActions
          actions={[
            {
              label: t("Demote {{name}}", { name: m.name || m.email }),
              icon: UserMinus,
              onClick: () => handlers.remove(m),
              destructive: true,
            },
          ]}
        />
      )}
      remove={{
        title: t("Demote mentor"),
        confirmLabel: t("Demote"),
        pendingLabel: t("Demoting..."),
        description: (m) =>
          t(
            "{{name}} becomes a student again. The copies they hold go back to the queue; their published evaluations stay.",
            { name: m.name || m.email },
          ),
        run: async (m) => {
          try {
            await demote.mutateAsync(m.id);
            notify.success(t("Mentor demoted"), m.name || m.email);
          } catch (error) {
            notify.error(t("Error demoting the mentor"), errorMessage(error));
            return false;
          }
        },
      }}
    >
      <MentorEmailDialog
        open={dialog === "add"}
        onOpenChange={closeOn("add")}
        title={t("Add mentor")}
        description={t("The account with this email address becomes a mentor's.")}
        submitLabel={t("Make mentor")}
        run={async (email) => {
          await promote.mutateAsync(email);
          notify.success(t("Mentor added"), email);
        }}
      />
      <MentorEmailDialog
        open={dialog === "invite"}
        onOpenChange={closeOn("invite")}
        title={t("Invite by email")}
        description={t(
          "We send a link valid for 14 days. They sign in (or register) with this address and accept.",
        )}
        submitLabel={t("Send invitation")}
        run={async (email) => {
          await invite.mutateAsync(email);
          notify.success(t("Invitation sent"), email);
        }}
      />
    </ResourceList>
  );
}
