import type { ReactNode } from "react";

/** A titled section of a page (named by its title), with how many items it holds if given. */
export function PageSection(props: { title: string; count?: number; children: ReactNode }) {
  return (
    <section className="grid gap-3" aria-label={props.title}>
      <h2 className="text-lg font-semibold">
        {props.title}
        {props.count ? (
          <span className="ml-2 text-base font-normal text-muted-foreground">({props.count})</span>
        ) : null}
      </h2>
      {props.children}
    </section>
  );
}
