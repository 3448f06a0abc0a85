/**
 * The service worker's side of Web Push (decision 044), kept apart so the service
 * worker only has to call `installPushHandlers(self)`. A push carries the JSON the server's
 * dispatcher encrypted (`shared/notifications.ts#PushPayload`: a title, a short body, an app link
 * and a tag; never answers or marks); it is shown as a notification, and a click focuses a tab
 * already showing that page or opens it. A click never navigates an open tab elsewhere: that tab
 * may be running an exam.
 *
 * The types below are the few members of `ServiceWorkerGlobalScope` this uses, written out so
 * this file compiles without the WebWorker library (the app's tsconfig has the DOM's);
 * `ServiceWorkerGlobalScope` satisfies them.
 */

type WaitUntil = { waitUntil(promise: Promise<unknown>): void };
type PushEventLike = WaitUntil & { readonly data: { json(): unknown; text(): string } | null };
type NotificationLike = { readonly data: unknown; close(): void };
type NotificationClickEventLike = WaitUntil & { readonly notification: NotificationLike };
/** A client; the window clients `matchAll({ type: "window" })` gives also have `focus()`. */
type ClientLike = { readonly url: string };

export type PushScope = {
  readonly location: { readonly origin: string };
  readonly registration: {
    showNotification(
      title: string,
      options?: { body?: string; icon?: string; badge?: string; tag?: string; data?: unknown },
    ): Promise<void>;
  };
  readonly clients: {
    matchAll(options?: {
      type?: "window";
      includeUncontrolled?: boolean;
    }): Promise<readonly ClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: "push", listener: (event: PushEventLike) => void): void;
  addEventListener(
    type: "notificationclick",
    listener: (event: NotificationClickEventLike) => void,
  ): void;
};

export const NOTIFICATION_ICON = "/icon-192.png";

export type ShownNotification = { title: string; body: string; tag?: string; url: string };

/** The notification a push shows; a push without a readable payload still says something. */
export function notificationFromPush(
  data: PushEventLike["data"],
  origin: string,
): ShownNotification {
  let payload: Record<string, unknown> = {};
  try {
    const parsed = data?.json();
    if (parsed && typeof parsed === "object") payload = parsed as Record<string, unknown>;
  } catch {
    payload = { body: data?.text() ?? "" };
  }
  const text = (value: unknown, max: number) =>
    typeof value === "string" ? value.slice(0, max) : "";
  return {
    title: text(payload.title, 120) || new URL(origin).hostname,
    body: text(payload.body, 300),
    tag: text(payload.tag, 120) || undefined,
    url: appUrl(payload.url, origin),
  };
}

/** A link of this app only (same origin), else the home page: a payload cannot send elsewhere. */
export function appUrl(value: unknown, origin: string): string {
  try {
    const url = new URL(typeof value === "string" ? value : "/", origin);
    return url.origin === origin ? url.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

export function installPushHandlers(sw: PushScope): void {
  sw.addEventListener("push", (event) => {
    const shown = notificationFromPush(event.data, sw.location.origin);
    event.waitUntil(
      sw.registration.showNotification(shown.title, {
        body: shown.body,
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_ICON,
        tag: shown.tag,
        data: { url: shown.url },
      }),
    );
  });

  sw.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const url = appUrl(data?.url, sw.location.origin);
    event.waitUntil(
      (async () => {
        const tabs = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
        const open = tabs.find((tab) => tab.url === url);
        if (open && "focus" in open && typeof open.focus === "function") return open.focus();
        return sw.clients.openWindow(url);
      })(),
    );
  });
}
