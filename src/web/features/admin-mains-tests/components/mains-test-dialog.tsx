import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { MainsTestInput } from "../../../../shared/mains-test-schemas.ts";
import { useAdminMainsSeries, useSaveMainsTest } from "../api/admin-mains-tests.ts";
import {
  MainsTestFields,
  type MainsTestValues,
  mainsTestResolver,
  mainsTestValues,
} from "./mains-test-fields.tsx";

/** A new Mains test: its rules; the paper is chosen on the test's own page, opened next. */
export function MainsTestDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveMainsTest();
  const series = useAdminMainsSeries();
  const form = useDialogForm<MainsTestValues, MainsTestInput>({
    open: props.open,
    resolver: mainsTestResolver,
    values: () => mainsTestValues(null),
  });
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t("New Mains test")}
      className="sm:max-w-2xl"
      form={form}
      submitLabel={t("Create test")}
      onSubmit={async (input) => {
        try {
          const { id } = await save.mutateAsync({ input: { ...input, published: false } });
          notify.success(t("Mains test created"), t("Now choose its questions."));
          props.onOpenChange(false);
          navigate(`/admin/mains-tests/${id}`);
        } catch (error) {
          notify.error(t("Error saving the Mains test"), errorMessage(error));
        }
      }}
    >
      <MainsTestFields series={series.data?.items ?? []} paperLocked={false} />
    </FormDialog>
  );
}
