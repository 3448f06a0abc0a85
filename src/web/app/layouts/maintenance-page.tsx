import { Construction } from "lucide-react";
import { Link } from "react-router";

/** What non-admins see while maintenance mode is on (the server refuses their API calls). */
export function MaintenancePage({ appTitle }: { appTitle: string }) {
  return (
    <section
      aria-labelledby="maintenance-title"
      className="mx-auto grid max-w-lg justify-items-center gap-3 px-4 py-16 text-center"
    >
      <Construction className="size-12 text-primary" aria-hidden="true" />
      <h1 id="maintenance-title" className="text-2xl font-bold">
        Under Maintenance
      </h1>
      <p className="text-muted-foreground">
        {appTitle} is under maintenance right now. We&apos;ll be back shortly. Please check back
        later.
      </p>
    </section>
  );
}

/** Shown above the login form during maintenance: only admins can get in. */
export function MaintenanceNotice() {
  return (
    <p
      role="status"
      className="mx-auto mt-4 max-w-md rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900"
    >
      The site is under maintenance. Only administrators can log in right now.
    </p>
  );
}

/** Above every admin page while maintenance mode is on, so it is not left on by mistake. */
export function MaintenanceOnBanner() {
  return (
    <p
      role="status"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900"
    >
      Maintenance mode is on. Students see the maintenance page until you switch it off in{" "}
      <Link to="/admin/settings" className="underline">
        Site Settings
      </Link>
      .
    </p>
  );
}
