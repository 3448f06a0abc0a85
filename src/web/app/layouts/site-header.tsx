import { LanguageSwitch } from "@web/components/language/language-switch.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { dashboardPathFor, useAuth, useSignOut } from "@web/lib/auth.ts";
import { publishHeaderHeight } from "@web/lib/header-height.ts";
import { useAppTitle, useLogoUrl } from "@web/lib/site-settings.ts";
import {
  ClipboardCheck,
  type LucideIcon,
  MessagesSquare,
  NotebookPen,
  UserRound,
} from "lucide-react";
import { type RefObject, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, matchPath, useLocation, useMatch, useNavigate } from "react-router";
import { msg } from "../../../shared/i18n/msg.ts";
import { StudentHeaderLinks } from "./student-nav.tsx";

/** The header's height for what sits below it (lib/header-height.ts): toasts, never over it. */
function usePublishedHeight(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    const publish = () => publishHeaderHeight(header.offsetHeight);
    publish();
    // The welcome line wraps on narrow screens, and the header comes and goes with attempts.
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(publish);
    observer?.observe(header);
    return () => {
      observer?.disconnect();
      publishHeaderHeight(null);
    };
  }, [ref]);
}

/**
 * The way to the user's dashboard, highlighted only on the dashboard itself: elsewhere it is a
 * plain button, so "Home" (highlighted on the home page) and "Dashboard" never both look current.
 */
function DashboardLink(props: { to: string; label: string }) {
  const isCurrent = useMatch({ path: props.to, end: true }) !== null;
  return (
    <Button asChild size="sm" variant={isCurrent ? "secondary" : "outline"}>
      <Link to={props.to} aria-current={isCurrent ? "page" : undefined}>
        {props.label}
      </Link>
    </Button>
  );
}

/**
 * A mentor has no tab bar and no student pages (decision 042): the header holds their places, the
 * evaluation queue (current on every page below it but those with their own link), the Mains
 * tests' marking (decision 063), the discussions' moderation (decision 064) and their own profile. On a phone they are icons named by their text, so the
 * title keeps its room.
 */
const MENTOR_LINKS: {
  to: string;
  label: string;
  icon: LucideIcon;
  end: boolean;
  /** Places below this one that have their own links. */
  except?: string[];
}[] = [
  {
    to: dashboardPathFor("mentor"),
    label: msg("Evaluations"),
    icon: ClipboardCheck,
    end: false,
    except: ["/mentor/mains", "/mentor/discussions"],
  },
  { to: "/mentor/mains", label: msg("Mains tests"), icon: NotebookPen, end: false },
  // Discussion under each question (decision 064): reported posts and bans.
  { to: "/mentor/discussions", label: msg("Discussions"), icon: MessagesSquare, end: false },
  { to: "/student/profile", label: msg("Profile"), icon: UserRound, end: true },
];

function MentorLink(props: (typeof MENTOR_LINKS)[number]) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isCurrent =
    matchPath({ path: props.to, end: props.end }, pathname) !== null &&
    !props.except?.some((path) => matchPath({ path, end: false }, pathname));
  const Icon = props.icon;
  return (
    <Button asChild size="sm" variant={isCurrent ? "secondary" : "outline"}>
      <Link to={props.to} aria-current={isCurrent ? "page" : undefined}>
        <Icon className="size-4" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{t(props.label)}</span>
      </Link>
    </Button>
  );
}

function MentorHeaderLinks() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("Mentor")}>
      <ul className="flex items-center gap-2">
        {MENTOR_LINKS.map((link) => (
          <li key={link.to}>
            <MentorLink {...link} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Sticky header: the product (its logo, named by the title, when the admin uploaded one; else the
 * title), the student's links (desktop), a mentor's links, and the one Logout in the app.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const auth = useAuth();
  const appTitle = useAppTitle();
  const logoUrl = useLogoUrl();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const headerRef = useRef<HTMLElement>(null);
  usePublishedHeight(headerRef);

  const handleLogout = async () => {
    await signOut();
    navigate("/login", { replace: true });
  };

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur"
    >
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4">
        <Link
          to="/"
          className="mr-auto inline-flex min-h-10 min-w-0 items-center truncate text-lg font-bold text-primary"
        >
          {logoUrl ? (
            // A fixed height, so the header does not move when the picture arrives.
            <img
              src={logoUrl}
              alt={appTitle}
              height={32}
              className="h-8 w-auto max-w-40 object-contain object-left"
            />
          ) : (
            <span className="truncate">{appTitle}</span>
          )}
        </Link>
        {auth.status === "signed-in" ? (
          <>
            {auth.role === "student" ? <StudentHeaderLinks /> : null}
            <span className="hidden truncate text-sm text-muted-foreground lg:inline">
              {t("Welcome, {{name}}!", { name: auth.displayName })}
            </span>
            {auth.role === "mentor" ? (
              <MentorHeaderLinks />
            ) : (
              <DashboardLink
                to={dashboardPathFor(auth.role)}
                label={auth.role === "admin" ? t("Admin") : t("Dashboard")}
              />
            )}
            <LanguageSwitch />
            <Button size="sm" variant="outline" onClick={handleLogout}>
              {t("Logout")}
            </Button>
          </>
        ) : auth.status === "signed-out" ? (
          <>
            <LanguageSwitch />
            {/* On phones the home page links the news; the header keeps room for the title. */}
            <Button asChild size="sm" variant="ghost" className="hidden sm:inline-flex">
              <Link to="/news">{t("News")}</Link>
            </Button>
            <Button asChild size="sm" variant="outline">
              <Link to="/login">{t("Login")}</Link>
            </Button>
            <Button asChild size="sm">
              <Link to="/register">{t("Register")}</Link>
            </Button>
          </>
        ) : auth.status === "offline" ? (
          // Reading what was saved, with no network to check the session (decision 045).
          <span role="status" className="text-sm font-medium text-muted-foreground">
            {t("Offline")}
          </span>
        ) : null}
      </div>
      {auth.status === "signed-in" ? (
        <p className="truncate border-t border-border px-4 py-1 text-sm text-muted-foreground lg:hidden">
          {t("Welcome, {{name}}!", { name: auth.displayName })}
        </p>
      ) : null}
    </header>
  );
}
