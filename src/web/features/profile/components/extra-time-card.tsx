import { FileField } from "@web/components/form/fields.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { ACCOMMODATION_STATUS_LABELS, describeExtraTime } from "@web/lib/extra-time.ts";
import { formatDate } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { useId, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  ACCOMMODATION_MESSAGES,
  CERTIFICATE_ACCEPT,
  certificateFileSchema,
  DEFAULT_MINUTES_PER_HOUR,
} from "../../../../shared/accommodations.ts";
import {
  type Accommodation,
  useAccommodation,
  useUploadCertificate,
} from "../api/accommodation.ts";

type FileValues = { file: File | undefined };
const resolver = schemaResolver<FileValues, typeof certificateFileSchema>(certificateFileSchema);

const BADGE: Record<Accommodation["status"], "secondary" | "warning" | "success" | "outline"> = {
  none: "outline",
  pending: "warning",
  approved: "success",
  rejected: "secondary",
  revoked: "secondary",
};

/** Where the request stands, in words: the status, and the grant or the admin's reason. */
function StatusLine({ request }: { request: Accommodation }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">{t("Status")}:</span>
        <Badge variant={BADGE[request.status]}>
          {t(ACCOMMODATION_STATUS_LABELS[request.status])}
        </Badge>
        {request.extraTime ? (
          <span className="font-medium">{describeExtraTime(request.extraTime)}</span>
        ) : null}
      </p>
      {request.status === "approved" ? (
        <p className="text-sm text-muted-foreground">
          {t("Every timed test you start gives you this extra time.")}
        </p>
      ) : null}
      {request.reason ? (
        <p className="text-sm">
          <span className="text-muted-foreground">{t("Reason")}:</span> {request.reason}
        </p>
      ) : null}
      {request.certificate ? (
        <p className="text-sm">
          <a
            href={request.certificate.url}
            target="_blank"
            rel="noreferrer"
            className="font-medium text-primary underline"
          >
            {t("View your certificate")}
          </a>
          {request.certificate.uploadedAt ? (
            <span className="text-muted-foreground">
              {" "}
              {t("(uploaded {{date}})", { date: formatDate(request.certificate.uploadedAt) })}
            </span>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/** The file field and its button: a first upload, a new one after a refusal, or a replacement. */
function CertificateForm({ request }: { request: Accommodation }) {
  const { t } = useTranslation();
  const upload = useUploadCertificate();
  // A stored upload empties the file input (remounted: a file input cannot be reset by value).
  const [uploads, setUploads] = useState(0);
  const form = useForm<FileValues, unknown, { file: File }>({
    resolver,
    defaultValues: { file: undefined },
  });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ file }) => {
    try {
      await upload.mutateAsync(file);
      notify.success(t(ACCOMMODATION_MESSAGES.uploaded));
      form.reset({ file: undefined });
      setUploads((n) => n + 1);
    } catch (error) {
      form.setError("file", {
        message: errorMessage(error, t("Something went wrong. Please try again.")),
      });
    }
  });
  return (
    <FormProvider {...form}>
      <form className="grid gap-3" onSubmit={onSubmit} noValidate>
        <FileField
          key={uploads}
          name="file"
          label={t("Disability certificate")}
          hint={t("PDF, JPEG or PNG, up to 5 MB. Only you and our team can open it.")}
          accept={CERTIFICATE_ACCEPT}
        />
        <div>
          <Button type="submit" className="h-11" disabled={isSubmitting}>
            {isSubmitting ? (
              <>
                <Spinner label={t("Uploading...")} className="size-4" /> {t("Uploading...")}
              </>
            ) : request.status === "pending" ? (
              t("Replace certificate")
            ) : (
              t("Upload certificate")
            )}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/** Where the request stands, and the certificate form until it is approved. */
function RequestState({ request }: { request: Accommodation }) {
  return (
    <>
      <StatusLine request={request} />
      {request.status === "approved" ? null : <CertificateForm request={request} />}
    </>
  );
}

/**
 * The profile's "Extra time in tests" (decision 048): a student with a benchmark disability
 * uploads a certificate, sees where the request stands, and may replace the file while it is
 * under review. Once approved the extra time applies to every timed test.
 */
export function ExtraTimeCard() {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useAccommodation();
  const request = query.data;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={headingId} className="grid gap-4">
        <div className="grid gap-1">
          <h2 id={headingId} className="text-lg font-semibold">
            {t("Extra time in tests")}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t(
              "Students with a benchmark disability get extra time in every timed test, as in UPSC's exams ({{minutes}} minutes per hour). Upload your disability certificate and our team will review it.",
              { minutes: DEFAULT_MINUTES_PER_HOUR },
            )}
          </p>
        </div>
        <QueryContent
          query={query}
          loading={
            <p role="status" className="text-sm text-muted-foreground">
              {t("Loading...")}
            </p>
          }
          // A failed refresh keeps the request already shown.
          error={() =>
            request ? (
              <RequestState request={request} />
            ) : (
              <p className="text-sm text-destructive">
                {t("Could not load your extra time request.")}
              </p>
            )
          }
        >
          {(data) => <RequestState request={data} />}
        </QueryContent>
      </section>
    </Card>
  );
}
