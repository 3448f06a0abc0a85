import { Button } from "@web/components/ui/button.tsx";
import { contentLang } from "@web/lib/content-language.ts";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Page title with a back link and optional actions (admin and student screens). */
export function PageHeader(props: {
  title: string;
  description?: ReactNode;
  backTo?: string;
  backLabel?: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3">
      {props.backTo ? (
        <Button asChild variant="ghost" size="sm" className="justify-self-start">
          <Link to={props.backTo}>
            <ArrowLeft aria-hidden="true" /> {props.backLabel ?? t("Back to Dashboard")}
          </Link>
        </Button>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          {/* A title may be content (an exam's name), in its own language inside the page's. */}
          <h1 lang={contentLang(props.title)} className="text-2xl font-bold">
            {props.title}
          </h1>
          {props.description ? <p className="text-muted-foreground">{props.description}</p> : null}
        </div>
        {props.actions ? <div className="flex flex-wrap gap-2">{props.actions}</div> : null}
      </div>
    </div>
  );
}
