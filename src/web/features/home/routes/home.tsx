import { LinkTile, type Tile } from "@web/components/layout/link-tile.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { useAuth } from "@web/lib/auth.ts";
import { BookOpen, CalendarCheck, ClipboardList, FileText, PenLine, Video } from "lucide-react";
import { Link } from "react-router";

const QUICK_ACTIONS: Tile[] = [
  {
    to: "/student/answer-evaluation",
    title: "Answer Writing",
    description: "Mains answer practice",
    icon: PenLine,
  },
  {
    to: "/current-affairs/quizzes",
    title: "Daily Quiz",
    description: "Today's current affairs",
    icon: CalendarCheck,
  },
  {
    to: "/student/study-materials/notes",
    title: "Study Notes",
    description: "Subject-wise notes",
    icon: BookOpen,
  },
  {
    to: "/student/exams?filter=mock",
    title: "Mock Tests",
    description: "Full-length and sectional",
    icon: ClipboardList,
  },
  { to: "/live-classes", title: "Live Classes", description: "Learn with mentors", icon: Video },
  {
    to: "/student/exams?filter=pyp",
    title: "PYQ Papers",
    description: "Previous year questions",
    icon: FileText,
  },
];

export function HomePage() {
  const auth = useAuth();
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-6">
      <section className="grid gap-3 rounded-lg bg-primary p-6 text-primary-foreground">
        <p className="text-sm font-medium uppercase tracking-wide opacity-90">UPSC IAS</p>
        <h1 className="text-2xl font-bold sm:text-3xl">
          Prepare for the civil services, one test at a time
        </h1>
        <p className="max-w-2xl opacity-90">
          Timed mock tests, previous-year papers, daily current-affairs quizzes and news analysis.
        </p>
        <div className="flex flex-wrap gap-2">
          {auth.status === "signed-in" ? null : (
            <Button asChild variant="secondary">
              <Link to="/register">Create a free account</Link>
            </Button>
          )}
          <Button
            asChild
            variant="outline"
            className="border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10"
          >
            <Link to="/news">Read today's news analysis</Link>
          </Button>
        </div>
      </section>
      <section aria-labelledby="quick-actions" className="grid gap-3">
        <h2 id="quick-actions" className="text-lg font-semibold">
          Quick actions
        </h2>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          {QUICK_ACTIONS.map((tile) => (
            <LinkTile key={tile.title} tile={tile} />
          ))}
        </div>
      </section>
    </div>
  );
}
