import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Role } from "../../shared/constants.ts";
import { ApiError, api, requestJson, unwrap } from "./api.ts";
import { offlineViewerRole, rememberViewer } from "./offline-viewer.ts";
import { forgetPushDevice } from "./push-device.ts";
import { queryKeys } from "./query-keys.ts";

export type SessionData = Awaited<ReturnType<typeof fetchSession>>;

/** The signed-in user and profile, or null for a visitor (the server answers 200 with null). */
export async function fetchSession() {
  try {
    const session = await unwrap(api.account.me.$get());
    rememberViewer(session?.profile?.role ?? null);
    return session;
  } catch (error) {
    // An older server (during a rolling deploy) answers a visitor 401.
    if (error instanceof ApiError && error.status === 401) {
      rememberViewer(null);
      return null;
    }
    throw error;
  }
}

/**
 * The viewer the server wrote into the page (decision 046) counts as this browser's own answer:
 * remembered for offline reading exactly as a fetched session would be.
 */
export function adoptPageViewer(queryClient: QueryClient) {
  const session = queryClient.getQueryData<SessionData>(queryKeys.session);
  if (session !== undefined) rememberViewer(session?.profile?.role ?? null);
}

export const sessionQueryOptions = queryOptions({
  queryKey: queryKeys.session,
  queryFn: fetchSession,
  staleTime: 30_000,
  refetchOnWindowFocus: true,
  retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  // A failed session shows the page (signed out, or offline); the page's own useAuth() calls
  // must not fetch it again on mounting: that put the layout back to loading, which unmounted
  // them, in a loop as long as the network was away. Focus and reconnecting still refetch.
  retryOnMount: false,
});

export type AuthState =
  | { status: "loading" }
  | { status: "signed-out" }
  /**
   * No network to ask who is signed in; the last viewer on this device had `role`. Pages saved
   * for offline reading open; nothing else is known about the viewer (decision 045).
   */
  | { status: "offline"; role: Role }
  | { status: "signed-in"; session: NonNullable<SessionData>; role: Role; displayName: string };

/** The auth state machine: loading, then signed-out or signed-in with the profile. */
export function useAuth(): AuthState {
  const query = useQuery(sessionQueryOptions);
  if (query.isPending) return { status: "loading" };
  const data = query.data;
  if (!data) {
    const offlineRole = isNetworkFailure(query.error) ? offlineViewerRole() : null;
    if (offlineRole) return { status: "offline", role: offlineRole };
    // A failed session fetch signs the user out locally (spec: auth state).
    return { status: "signed-out" };
  }
  return {
    status: "signed-in",
    session: data,
    role: data.profile?.role ?? "student",
    displayName: displayNameOf(data),
  };
}

/** No answer at all (offline, or the server out of reach), as opposed to an answer saying no. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

export function displayNameOf(data: NonNullable<SessionData>): string {
  return data.profile?.fullName?.trim() || data.user.email || "User";
}

/** Where each role starts: a mentor's is the evaluation workspace (decision 042). */
const DASHBOARD_PATHS = {
  admin: "/admin/dashboard",
  student: "/student/dashboard",
  mentor: "/mentor",
} as const satisfies Record<Role, string>;

export function dashboardPathFor(role: Role): string {
  return DASHBOARD_PATHS[role];
}

/** A user, or (two-factor sign-in on) a request for the authenticator code. */
export function signInWithEmail(email: string, password: string) {
  return requestJson<{ user?: { id: string }; twoFactorRedirect?: boolean }>(
    "/api/auth/sign-in/email",
    { body: { email, password, rememberMe: true } },
  );
}

/**
 * Checks an authenticator code: at sign-in it finishes the sign-in begun by signInWithEmail; for a
 * signed-in user setting two-factor up, it confirms the secret and turns sign-in codes on.
 */
export function verifyTwoFactorCode(code: string) {
  return requestJson<{ user?: { id: string } }>("/api/auth/two-factor/verify-totp", {
    body: { code },
  });
}

/** Finishes a two-factor sign-in with a backup code instead of an app code (used up once). */
export function verifyTwoFactorBackupCode(code: string) {
  return requestJson<{ user?: { id: string } }>("/api/auth/two-factor/verify-backup-code", {
    body: { code },
  });
}

/** Ends the session on the server; local state is cleared even if that call fails. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    // While still signed in: the device's row can only be removed by its own student.
    await forgetPushDevice();
    try {
      await requestJson("/api/auth/sign-out", { body: {} });
    } catch {
      // Spec: a sign-out failure still clears local state.
    }
    queryClient.clear();
    queryClient.setQueryData(queryKeys.session, null);
    rememberViewer(null);
  };
}
