import { Button } from "@web/components/ui/button.tsx";
import { cn } from "@web/lib/cn.ts";
import { ArrowLeft } from "lucide-react";
import { NavLink, Outlet, useNavigate } from "react-router";

const TABS = [
  { to: "/current-affairs/videos", label: "Videos" },
  { to: "/current-affairs/quizzes", label: "Quizzes" },
  { to: "/current-affairs/notes", label: "Notes" },
];

export function CurrentAffairsLayout() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto grid max-w-6xl gap-4 px-4 py-4">
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="icon" aria-label="Go back" onClick={() => navigate(-1)}>
          <ArrowLeft aria-hidden="true" />
        </Button>
        <h1 className="text-xl font-bold">Current Affairs</h1>
      </div>
      <nav
        aria-label="Current affairs sections"
        className="flex gap-1 rounded-lg bg-background p-1"
      >
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            className={({ isActive }) =>
              cn(
                "flex-1 rounded-md px-3 py-2 text-center text-sm font-medium",
                isActive ? "bg-primary text-primary-foreground" : "hover:bg-muted",
              )
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

function ComingSoon({ what }: { what: string }) {
  return (
    <div className="rounded-lg border border-border bg-background p-8 text-center">
      <h2 className="text-lg font-semibold">Coming soon</h2>
      <p className="text-muted-foreground">{what} for current affairs are coming soon.</p>
    </div>
  );
}

export const CurrentAffairsVideosPage = () => <ComingSoon what="Videos" />;
export const CurrentAffairsNotesPage = () => <ComingSoon what="Notes" />;
