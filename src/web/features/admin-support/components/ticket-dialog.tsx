import { zodResolver } from "@hookform/resolvers/zod";
import { SwitchField, TextareaField } from "@web/components/form/fields.tsx";
import { DialogForm, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { TicketStatusBadge } from "@web/components/support/ticket-status-badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Dialog, DialogContent } from "@web/components/ui/dialog.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDateTime } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import { type TicketAnswerInput, ticketAnswerInputSchema } from "../../../../shared/support.ts";
import { type AdminTicket, useAnswerTicket, useCloseTicket } from "../api/support.ts";

/** One request: what was asked, then the answer (mailed to the sender) and closing. */
export function TicketDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ticket: AdminTicket | null;
}) {
  const { t } = useTranslation();
  const answer = useAnswerTicket();
  const close = useCloseTicket();
  const ticket = props.ticket;
  const form = useDialogForm<TicketAnswerInput>({
    open: props.open,
    resolver: zodResolver(ticketAnswerInputSchema),
    values: () => ({ answer: ticket?.answer ?? "", close: false }),
  });
  if (!ticket) return null;
  const done = () => props.onOpenChange(false);
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent title={ticket.subject} className="sm:max-w-2xl">
        <div className="grid gap-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <TicketStatusBadge status={ticket.status} />
            <span className="text-muted-foreground">
              {t("From {{name}} <{{email}}>, {{date}}", {
                name: ticket.name,
                email: ticket.email,
                date: formatDateTime(ticket.createdAt),
                interpolation: { escapeValue: false },
              })}
            </span>
          </div>
          <p className="whitespace-pre-line rounded-md bg-muted p-3">{ticket.message}</p>
          {ticket.status === "closed" ? (
            <>
              {ticket.answer ? (
                <div className="grid gap-1">
                  <p className="font-semibold">{t("Answer sent")}</p>
                  <p className="whitespace-pre-line">{ticket.answer}</p>
                </div>
              ) : null}
              <p className="text-muted-foreground">{t("This request is closed.")}</p>
            </>
          ) : (
            <DialogForm
              form={form}
              onCancel={done}
              submitLabel={t("Send Answer")}
              onSubmit={async (input) => {
                try {
                  const result = await answer.mutateAsync({ id: ticket.id, input });
                  if (result.mailSent) {
                    notify.success(
                      t("Answer Sent"),
                      t("{{email}} will receive it by email.", { email: ticket.email }),
                    );
                  } else {
                    notify.error(
                      t("Answer saved, but the email could not be sent"),
                      t("Check the mail settings (SMTP_URL) and send it again."),
                    );
                  }
                  done();
                } catch (error) {
                  notify.error(t("Error Sending Answer"), errorMessage(error));
                }
              }}
            >
              <TextareaField
                name="answer"
                label={t("Your answer")}
                rows={6}
                hint={t("Mailed to {{email}}; the student also sees it on the Support page.", {
                  email: ticket.email,
                })}
              />
              <SwitchField
                name="close"
                label={t("Close the request")}
                description={t("No further answer is expected.")}
              />
            </DialogForm>
          )}
          {ticket.status !== "closed" ? (
            <Button
              variant="outline"
              className="justify-self-start"
              disabled={close.isPending}
              onClick={async () => {
                try {
                  await close.mutateAsync(ticket.id);
                  notify.success(t("Request Closed"), ticket.subject);
                  done();
                } catch (error) {
                  notify.error(t("Error Closing Request"), errorMessage(error));
                }
              }}
            >
              {t("Close without answering")}
            </Button>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
