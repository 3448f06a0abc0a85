import { QueryContent, type QueryLike } from "@web/components/ui/query-content.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A horizontal list with the spec's states: a spinner, 'Could not load {items}. {error}' or
 * 'No {items} available right now. Check back soon!'.
 */
export function HomeList<T>(props: {
  title: string;
  items: string;
  query: QueryLike<T[]>;
  render: (item: T) => ReactNode;
  keyOf: (item: T) => string;
  action?: ReactNode;
  filters?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = `home-${props.items.replace(/\W+/g, "-")}`;
  const items = t(props.items);
  const { query } = props;
  return (
    <section aria-labelledby={id} className="grid min-w-0 gap-3">
      <div className="flex items-end justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {props.title}
        </h2>
        {props.action}
      </div>
      {props.filters}
      <QueryContent
        query={query}
        loadingLabel={t("Loading {{items}}", { items })}
        compact
        error={(error) => (
          <InlineAlert>
            {t("Could not load {{items}}. {{error}}", { items, error: error?.message ?? "" })}
          </InlineAlert>
        )}
        isEmpty={(data) => data.length === 0}
        empty={
          <p className="text-sm text-muted-foreground">
            {t("No {{items}} available right now. Check back soon!", { items })}
          </p>
        }
      >
        {(data) => (
          <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2">
            {data.map((item) => (
              <li key={props.keyOf(item)} className="w-60 shrink-0 snap-start sm:w-64">
                {props.render(item)}
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
    </section>
  );
}
