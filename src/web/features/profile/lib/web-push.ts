import { currentSubscription as browserSubscription } from "@web/lib/push-device.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

/**
 * The browser's side of subscribing (decision 044): the app's service worker registration and its
 * PushManager. Without them (an old browser, iOS outside an installed app) reminders go by email.
 */
export type PushAvailability = "available" | "unsupported" | "blocked";

export const WEB_PUSH_MESSAGES = {
  notReady: msg(
    "Notifications need the app's offline support, which has not started in this tab yet. Reload the page and try again.",
  ),
  permissionDenied: msg(
    "Notifications are blocked for this site. Allow them in your browser's site settings, then try again.",
  ),
} as const;

export function pushAvailability(): PushAvailability {
  if (
    typeof navigator === "undefined" ||
    !("serviceWorker" in navigator) ||
    typeof window === "undefined" ||
    !("PushManager" in window) ||
    !("Notification" in window)
  ) {
    return "unsupported";
  }
  return Notification.permission === "denied" ? "blocked" : "available";
}

/** The registration of the app's service worker, once it is active; null when there is none. */
async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return null;
  return navigator.serviceWorker.ready;
}

/** This browser's current subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushAvailability() === "unsupported") return null;
  return browserSubscription();
}

/** The VAPID public key (base64url) as the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Asks for permission and subscribes with the server's key; throws with words to show. */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionJSON> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new Error(WEB_PUSH_MESSAGES.permissionDenied);
  const registration = await activeRegistration();
  if (!registration) throw new Error(WEB_PUSH_MESSAGES.notReady);
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  return subscription.toJSON();
}
