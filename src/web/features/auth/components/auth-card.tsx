import { Card, CardContent, CardDescription, CardHeader } from "@web/components/ui/card.tsx";
import type { ReactNode } from "react";

export function AuthCard(props: {
  title: string;
  description?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex justify-center px-4 py-8 sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-xl font-semibold leading-tight">{props.title}</h1>
          {props.description ? <CardDescription>{props.description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="grid gap-4">
          {props.children}
          {props.footer ? <div className="text-center text-sm">{props.footer}</div> : null}
        </CardContent>
      </Card>
    </div>
  );
}
