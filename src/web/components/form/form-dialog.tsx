import { Button } from "@web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "@web/components/ui/dialog.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { type ReactNode, useEffect } from "react";
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  FormProvider,
  type Resolver,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import { useTranslation } from "react-i18next";

/**
 * A dialog's form (decision 032): react-hook-form with a resolver built on the shared schema,
 * reset to `values()` each time the dialog opens. The form holds the draft; nothing else does.
 */
export function useDialogForm<Values extends FieldValues, Output = Values>(options: {
  open: boolean;
  resolver: Resolver<Values, unknown, Output>;
  values: () => Values;
}) {
  const form = useForm<Values, unknown, Output>({
    resolver: options.resolver,
    defaultValues: options.values() as DefaultValues<Values>,
  });
  const { open, values } = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens.
  useEffect(() => {
    if (open) form.reset(values());
  }, [open]);
  return form;
}

/** A kit form: the bound fields (children) with Cancel and the submit button under them. */
export function DialogForm<Values extends FieldValues, Output>(props: {
  form: UseFormReturn<Values, unknown, Output>;
  onSubmit: (values: Output) => Promise<void> | void;
  /** After the fields say what is wrong (the spec's validation toast, say). */
  onInvalid?: (errors: FieldErrors<Values>) => void;
  onCancel: () => void;
  submitLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { isSubmitting } = props.form.formState;
  return (
    <FormProvider {...props.form}>
      <form
        className="grid gap-4"
        onSubmit={props.form.handleSubmit(props.onSubmit, props.onInvalid)}
        noValidate
      >
        {props.children}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={props.onCancel} disabled={isSubmitting}>
            {t("Cancel")}
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? (
              <>
                <Spinner label={t("Saving")} className="size-4" /> {t("Saving...")}
              </>
            ) : (
              props.submitLabel
            )}
          </Button>
        </DialogFooter>
      </form>
    </FormProvider>
  );
}

/** The dialog around a kit form: its title, then the form (or what must exist first). */
export function FormDialog<Values extends FieldValues, Output>(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  className?: string;
  form: UseFormReturn<Values, unknown, Output>;
  onSubmit: (values: Output) => Promise<void> | void;
  onInvalid?: (errors: FieldErrors<Values>) => void;
  submitLabel: string;
  /** Shown instead of the form (what must exist first). */
  blocked?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent title={props.title} className={props.className}>
        {props.blocked ?? (
          <DialogForm
            form={props.form}
            onSubmit={props.onSubmit}
            onInvalid={props.onInvalid}
            onCancel={() => props.onOpenChange(false)}
            submitLabel={props.submitLabel}
          >
            {props.children}
          </DialogForm>
        )}
      </DialogContent>
    </Dialog>
  );
}
