import { FormField, fieldAria } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { LoadingState } from "@web/components/ui/states.tsx";
import { Switch } from "@web/components/ui/switch.tsx";
import { Textarea } from "@web/components/ui/textarea.tsx";
import {
  type ComponentProps,
  type ElementType,
  lazy,
  type ReactNode,
  Suspense,
  useId,
} from "react";
import { Controller, get, useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";

// Quill is large: it loads only when a rich-text field renders, never on public pages.
const RichTextEditor = lazy(() => import("@web/components/rich-text/rich-text-editor.tsx"));

/** `id` defaults to a generated one; give one only where something links to the field. */
type Bound = { name: string; id?: string; label: string; hint?: string };

function useFieldId(given: string | undefined): string {
  const generated = useId();
  return given ?? generated;
}

/** The field's message from the form's errors, if any (FormField shows it translated). */
function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext();
  return (get(formState.errors, name) as { message?: string } | undefined)?.message;
}

/** Text, number, date and password inputs bound to the form by name. */
export function TextField({
  name,
  id: givenId,
  label,
  hint,
  ...input
}: Bound & Omit<ComponentProps<typeof Input>, "name" | "id">) {
  const id = useFieldId(givenId);
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Input {...fieldAria(id, error, hint)} {...input} {...register(name)} />
    </FormField>
  );
}

export function NumberField(props: Bound & Omit<ComponentProps<typeof Input>, "name" | "id">) {
  return <TextField type="number" inputMode="numeric" {...props} />;
}

export function DateField(props: Bound & Omit<ComponentProps<typeof Input>, "name" | "id">) {
  return <TextField type="date" {...props} />;
}

export function TextareaField({
  name,
  id: givenId,
  label,
  hint,
  ...input
}: Bound & Omit<ComponentProps<typeof Textarea>, "name" | "id">) {
  const id = useFieldId(givenId);
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Textarea {...fieldAria(id, error, hint)} {...input} {...register(name)} />
    </FormField>
  );
}

/** A native select; `children` are its options. */
export function SelectField({
  name,
  id: givenId,
  label,
  hint,
  children,
  control: Control = Select,
  ...rest
}: Bound & {
  children?: ReactNode;
  /** Another select component taking the same props (the exam-or-quiz select). */
  control?: ElementType;
} & Record<string, unknown>) {
  const id = useFieldId(givenId);
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Control {...fieldAria(id, error, hint)} {...rest} {...register(name)}>
        {children}
      </Control>
    </FormField>
  );
}

/** A checkbox with its label beside it (a yes/no a sentence asks). */
export function CheckboxField(props: Bound) {
  const id = useFieldId(props.id);
  const { register } = useFormContext();
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" className="size-4" {...register(props.name)} />
      <Label htmlFor={id}>{props.label}</Label>
    </div>
  );
}

/** An on/off switch with its label (and an explanation under it). */
export function SwitchField(props: Bound & { description?: ReactNode }) {
  const id = useFieldId(props.id);
  const { control } = useFormContext();
  const helpId = props.description ? `${id}-help` : undefined;
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border border-border p-3">
      <div className="grid gap-1">
        <Label htmlFor={id}>{props.label}</Label>
        {props.description ? (
          <p id={helpId} className="text-xs text-muted-foreground">
            {props.description}
          </p>
        ) : null}
      </div>
      <Controller
        control={control}
        name={props.name}
        render={({ field }) => (
          <Switch
            id={id}
            checked={Boolean(field.value)}
            onCheckedChange={field.onChange}
            aria-describedby={helpId}
          />
        )}
      />
    </div>
  );
}

/** A file input; the field's value is the chosen File (or undefined). */
export function FileField(props: Bound & { accept?: string }) {
  const id = useFieldId(props.id);
  const { control } = useFormContext();
  const error = useFieldError(props.name);
  return (
    <FormField id={id} label={props.label} error={error} hint={props.hint}>
      <Controller
        control={control}
        name={props.name}
        render={({ field }) => (
          <Input
            {...fieldAria(id, error, props.hint)}
            type="file"
            accept={props.accept}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            onChange={(e) => field.onChange(e.target.files?.[0])}
          />
        )}
      />
    </FormField>
  );
}

/**
 * The Quill editor (a lazy chunk) holding HTML; toolbar images go through `uploadImage`. `lang`:
 * the language written in it, when not the page's.
 */
export function RichTextField(
  props: Bound & { uploadImage: (file: File) => Promise<{ url: string }>; lang?: string },
) {
  const { t } = useTranslation();
  const id = useFieldId(props.id);
  const { control } = useFormContext();
  const error = useFieldError(props.name);
  const labelId = `${id}-label`;
  return (
    <div className="grid gap-1.5">
      <Label id={labelId} htmlFor={id}>
        {props.label}
      </Label>
      <Controller
        control={control}
        name={props.name}
        render={({ field }) => (
          <Suspense fallback={<LoadingState label={t("Loading editor...")} />}>
            <RichTextEditor
              id={id}
              labelId={labelId}
              value={field.value ?? ""}
              onChange={field.onChange}
              uploadImage={props.uploadImage}
              lang={props.lang}
            />
          </Suspense>
        )}
      />
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
