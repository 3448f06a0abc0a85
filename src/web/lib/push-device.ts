import { requestJson } from "./api.ts";

/** This browser's push subscription (decision 044), if the app's worker holds one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager?.getSubscription()) ?? null;
}

/**
 * At sign-out: this browser stops getting the student's reminders, on the server (the device's
 * row) and in the browser (its subscription), so a shared phone never shows the last student's
 * reminders. Best effort: sign-out goes on whatever fails here.
 */
export async function forgetPushDevice(): Promise<void> {
  try {
    const subscription = await currentSubscription();
    if (!subscription) return;
    await requestJson("/api/notifications/subscriptions", {
      method: "DELETE",
      body: { endpoint: subscription.endpoint },
    }).catch(() => undefined);
    await subscription.unsubscribe();
  } catch {
    // No worker, or the browser refused: nothing more to forget here.
  }
}
