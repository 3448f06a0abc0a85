import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { SessionData } from "@web/lib/auth.ts";
import { createQueryClient } from "@web/lib/query-client.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import type { ReactNode } from "react";
import { createMemoryRouter, MemoryRouter, type RouteObject, RouterProvider } from "react-router";

/** The app's own query client (its error toasts and 401 handling), without retries. */
export function testQueryClient() {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return queryClient;
}

/** Renders one page (no session, no routes) inside a query client and a memory router. */
export function renderPage(node: ReactNode) {
  const queryClient = testQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

/**
 * Renders routes in memory with a session already known (null = signed out), on the app's own
 * query client (its error toasts and 401 handling), without retries.
 */
export function renderRoutes(
  routes: RouteObject[],
  options: { path: string; session: SessionData; wrap?: (node: ReactNode) => ReactNode },
) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(queryKeys.session, options.session);
  queryClient.setQueryData(queryKeys.settings.public, {
    appTitle: "Test App",
    contactEmail: "help@example.com",
    maintenanceMode: false,
  });
  const router = createMemoryRouter(routes, { initialEntries: [options.path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

export function studentSession(fullName: string | null = "Asha Rao"): SessionData {
  return {
    user: { id: "u1", email: "asha@example.com", emailVerified: true, twoFactorEnabled: false },
    profile: {
      id: "u1",
      fullName,
      email: "asha@example.com",
      role: "student",
      mobileNumber: null,
      address: null,
      dateOfBirth: null,
      profilePhotoUrl: null,
      questionLanguage: "en",
      uiLanguage: "en",
      updatedAt: new Date(0).toISOString(),
    },
  };
}

/** A mentor (decision 042): their own profile and the evaluation workspace, no student pages. */
export function mentorSession(fullName: string | null = "Meera Iyer"): SessionData {
  const session = studentSession(fullName);
  if (!session?.profile) throw new Error("unreachable");
  return {
    user: { ...session.user, id: "m1", email: "meera@example.com" },
    profile: { ...session.profile, id: "m1", email: "meera@example.com", role: "mentor" },
  };
}

export function adminSession(options: { twoFactorEnabled?: boolean } = {}): SessionData {
  const session = studentSession("Site Admin");
  if (!session?.profile) throw new Error("unreachable");
  return {
    user: { ...session.user, twoFactorEnabled: options.twoFactorEnabled ?? false },
    profile: { ...session.profile, role: "admin" },
  };
}
