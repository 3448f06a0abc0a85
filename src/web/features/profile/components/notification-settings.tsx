import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { Switch } from "@web/components/ui/switch.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  NOTIFICATION_DAILY_CAP,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type NotificationPreferences,
} from "../../../../shared/notifications.ts";
import {
  type NotificationSettings,
  useNotificationSettings,
} from "../api/get-notification-settings.ts";
import { useSubscribeDevice } from "../api/subscribe-device.ts";
import { useUnsubscribeDevice } from "../api/unsubscribe-device.ts";
import { useUpdateNotificationPreferences } from "../api/update-notification-preferences.ts";
import { currentSubscription, type PushAvailability, pushAvailability } from "../lib/web-push.ts";

function SwitchRow(props: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex min-h-11 items-center justify-between gap-4 py-2">
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {props.label}
        </label>
        {props.hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {props.hint}
          </p>
        ) : null}
      </div>
      <Switch
        id={id}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onCheckedChange={props.onChange}
      />
    </li>
  );
}

/** Whether this browser is subscribed (it may be while the server lost the row: then it is not). */
function useThisDevice(settings: NotificationSettings | undefined) {
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const devices = settings?.devices;
  useEffect(() => {
    let live = true;
    void currentSubscription()
      .then((subscription) => live && setSubscribed(Boolean(subscription) && (devices ?? 0) > 0))
      .catch(() => live && setSubscribed(false));
    return () => {
      live = false;
    };
  }, [devices]);
  return subscribed;
}

function DeviceStatus({
  availability,
  settings,
}: {
  availability: PushAvailability;
  settings: NotificationSettings | undefined;
}) {
  const { t } = useTranslation();
  const subscribed = useThisDevice(settings);
  const subscribe = useSubscribeDevice();
  const unsubscribe = useUnsubscribeDevice();
  const emailed = settings?.preferences.emailFallback ?? true;

  if (availability === "unsupported") {
    return (
      <p className="text-sm text-muted-foreground">
        {emailed
          ? t("Push notifications are not available on this browser, so reminders come by email.")
          : t("Push notifications are not available on this browser.")}
      </p>
    );
  }
  if (availability === "blocked") {
    return (
      <p className="text-sm text-muted-foreground">
        {t(
          "Notifications are blocked for this site. Allow them in your browser's site settings, then try again.",
        )}
      </p>
    );
  }
  const busy = subscribe.isPending || unsubscribe.isPending;
  const turnOn = () =>
    subscribe.mutate(undefined, {
      onSuccess: () => notify.success(t("Notifications on"), t("This device will get reminders.")),
      onError: (error) =>
        notify.error(
          t("Could not turn on notifications"),
          errorMessage(error, "An unexpected error occurred."),
        ),
    });
  const turnOff = () =>
    unsubscribe.mutate(undefined, {
      onError: (error) =>
        notify.error(
          t("Could not turn off notifications"),
          errorMessage(error, "An unexpected error occurred."),
        ),
    });
  return (
    <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm" role="status">
        {subscribed
          ? t("This device gets reminders.")
          : t("This device does not get reminders yet.")}
      </p>
      {subscribed ? (
        <Button variant="outline" onClick={turnOff} disabled={busy} className="min-h-11">
          {busy ? <Spinner label={t("Saving")} className="size-4" /> : null}
          {t("Turn off on this device")}
        </Button>
      ) : (
        <Button onClick={turnOn} disabled={busy || subscribed === null} className="min-h-11">
          {busy ? <Spinner label={t("Saving")} className="size-4" /> : null}
          {t("Turn on notifications on this device")}
        </Button>
      )}
    </div>
  );
}

/**
 * The profile's Notifications section (decision 044): this device's push subscription, one switch
 * per kind of reminder, and the email fallback. The server applies all of it (the switches, the
 * quiet hours and the daily cap) when it sends.
 */
export function NotificationSettingsCard() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationPreferences();
  const [availability] = useState(pushAvailability);
  const headingId = useId();
  const preferences = settings.data?.preferences;
  const change = (changes: Partial<NotificationPreferences>) => {
    if (!preferences) return;
    update.mutate(
      { ...preferences, ...changes },
      {
        onError: (error) =>
          notify.error(
            t("Could not save your notification settings"),
            errorMessage(error, "An unexpected error occurred."),
          ),
      },
    );
  };

  return (
    <Card className="grid gap-4 p-5 sm:p-6">
      <section aria-labelledby={headingId} className="grid gap-4">
        <div className="grid gap-1">
          <h2 id={headingId} className="text-lg font-semibold">
            {t("Notifications")}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t(
              "Reminders are not sent between 10 pm and 7 am (India time), and at most {{limit}} a day.",
              { limit: NOTIFICATION_DAILY_CAP },
            )}
          </p>
        </div>
        <DeviceStatus availability={availability} settings={settings.data} />
        {preferences ? (
          <>
            <ul className="divide-y divide-border" aria-label={t("Remind me when")}>
              {NOTIFICATION_TYPES.map((type) => (
                <SwitchRow
                  key={type}
                  label={t(NOTIFICATION_TYPE_LABELS[type])}
                  checked={preferences[type]}
                  onChange={(checked) => change({ [type]: checked })}
                />
              ))}
            </ul>
            <ul className="border-t border-border pt-2">
              <SwitchRow
                label={t("Email me when push is not on")}
                hint={t(
                  "For today's quiz, revision cards and test results, when none of your devices gets push notifications.",
                )}
                checked={preferences.emailFallback}
                onChange={(checked) => change({ emailFallback: checked })}
              />
            </ul>
          </>
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            {t("Loading...")}
          </p>
        )}
      </section>
    </Card>
  );
}
