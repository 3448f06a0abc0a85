import { Button } from "@web/components/ui/button.tsx";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** A plain page for destinations that do not have their own screen yet. */
export function InfoPage(props: {
  title: string;
  children: ReactNode;
  /** The label is English text, shown through t() (decision 039). */
  backTo?: { to: string; label: string };
}) {
  const { t } = useTranslation();
  const back = props.backTo ?? { to: "/", label: t("Back to Home") };
  return (
    <div className="mx-auto grid max-w-3xl gap-4 px-4 py-8">
      <Button asChild variant="ghost" size="sm" className="justify-self-start">
        <Link to={back.to}>
          <ArrowLeft aria-hidden="true" /> {t(back.label)}
        </Link>
      </Button>
      <h1 className="text-2xl font-bold">{t(props.title)}</h1>
      <div className="grid gap-3 rounded-lg border border-border bg-background p-5 leading-relaxed">
        {props.children}
      </div>
    </div>
  );
}
