import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@web/components/ui/button.tsx";
import { FormField, fieldAria } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { PasswordInput } from "@web/components/ui/password-input.tsx";
import { ApiError } from "@web/lib/api.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  TWO_FACTOR_MESSAGES,
  type TwoFactorCodeForm,
  type TwoFactorPasswordForm,
  twoFactorCodeSchema,
  twoFactorPasswordSchema,
} from "../../../../shared/auth.ts";
import {
  setupKeyOf,
  type TwoFactorSetup,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useStartTwoFactor,
} from "../api/two-factor.ts";

function messageOf(error: unknown): string {
  if (error instanceof ApiError && error.code === "INVALID_PASSWORD") return "Incorrect password.";
  if (error instanceof ApiError && error.code === "INVALID_CODE")
    return TWO_FACTOR_MESSAGES.wrongCode;
  return errorMessage(error, "An unexpected error occurred.");
}

/** Asks for the password again, for turning two-factor sign-in on or off. */
function PasswordStep(props: {
  submitLabel: string;
  variant?: "default" | "destructive";
  onPassword: (password: string) => Promise<void>;
}) {
  const form = useForm<TwoFactorPasswordForm>({
    resolver: zodResolver(twoFactorPasswordSchema),
    defaultValues: { password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await props.onPassword(password);
    } catch (error) {
      form.setError("password", { message: messageOf(error) }, { shouldFocus: true });
    }
  });
  return (
    <form className="grid gap-3 sm:max-w-sm" onSubmit={onSubmit} noValidate>
      <FormField id="two-factor-password" label="Current password" error={errors.password?.message}>
        <PasswordInput
          autoComplete="current-password"
          {...fieldAria("two-factor-password", errors.password?.message)}
          {...form.register("password")}
        />
      </FormField>
      <Button type="submit" variant={props.variant} disabled={isSubmitting}>
        {props.submitLabel}
      </Button>
    </form>
  );
}

/** The secret to add to the app, then a first code to prove it works. */
function ConfirmStep(props: { setup: TwoFactorSetup; onDone: () => void }) {
  const confirm = useConfirmTwoFactor();
  const form = useForm<TwoFactorCodeForm>({
    resolver: zodResolver(twoFactorCodeSchema),
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await confirm.mutateAsync(code);
      notify.success(
        "Two-factor sign-in is on",
        "From now on, sign-in asks for a code from your authenticator app.",
      );
      props.onDone();
    } catch (error) {
      form.setError("code", { message: messageOf(error) }, { shouldFocus: true });
    }
  });
  return (
    <div className="grid gap-4">
      <ol className="grid list-decimal gap-2 pl-5 text-sm">
        <li>
          In your authenticator app, add an account and type this setup key (time-based):
          <code className="mt-1 block break-all rounded bg-muted px-2 py-1 font-mono text-base">
            {setupKeyOf(props.setup.totpURI)}
          </code>
        </li>
        <li>
          On a phone with the app installed you can instead{" "}
          <a href={props.setup.totpURI} className="text-primary underline">
            open this setup link
          </a>
          . Its full text, for apps that accept one:
          <code className="mt-1 block break-all rounded bg-muted px-2 py-1 font-mono text-xs">
            {props.setup.totpURI}
          </code>
        </li>
        <li>Enter the 6-digit code the app now shows.</li>
      </ol>
      <form className="grid gap-3 sm:max-w-sm" onSubmit={onSubmit} noValidate>
        <FormField id="two-factor-code" label="Authentication code" error={errors.code?.message}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            {...fieldAria("two-factor-code", errors.code?.message)}
            {...form.register("code")}
          />
        </FormField>
        <Button type="submit" disabled={isSubmitting}>
          Verify and turn on
        </Button>
      </form>
    </div>
  );
}

/** Turn two-factor sign-in with an authenticator app on (scan, confirm) or off. */
export function TwoFactorSettings(props: { enabled: boolean }) {
  const start = useStartTwoFactor();
  const disable = useDisableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);

  return (
    <section aria-labelledby="two-factor-heading" className="grid gap-3">
      <h2 id="two-factor-heading" className="text-lg font-semibold">
        Two-factor sign-in
      </h2>
      <p role="status" className="text-sm">
        {props.enabled
          ? "On: each sign-in asks for a code from your authenticator app after your password."
          : "Off: your password alone signs you in."}
      </p>
      {props.enabled ? (
        <PasswordStep
          submitLabel="Turn off two-factor sign-in"
          variant="destructive"
          onPassword={async (password) => {
            await disable.mutateAsync(password);
            notify.success("Two-factor sign-in is off", "Your password alone now signs you in.");
          }}
        />
      ) : setup ? (
        <ConfirmStep setup={setup} onDone={() => setSetup(null)} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Use an authenticator app (such as Google Authenticator, Microsoft Authenticator or
            Aegis) so that a stolen password alone cannot open this admin account.
          </p>
          <PasswordStep
            submitLabel="Set up two-factor sign-in"
            onPassword={async (password) => setSetup(await start.mutateAsync(password))}
          />
        </>
      )}
    </section>
  );
}
