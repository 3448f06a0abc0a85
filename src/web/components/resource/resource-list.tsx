import { type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog.tsx";
import { Pagination } from "@web/components/ui/pagination.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { RowActions } from "@web/components/ui/row-actions.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@web/components/ui/table.tsx";
import { useDebounced } from "@web/hooks/use-debounced.ts";
import { useDisclosure } from "@web/hooks/use-disclosure.ts";
import type { ListFilter } from "@web/lib/query-keys.ts";
import { Plus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Page } from "../../../shared/page.ts";
import { SearchBox } from "./search-box.tsx";

export type Column<Row> = { header: string; cell: (row: Row) => ReactNode; className?: string };

/** What a row's buttons can open: the form (edit) and the delete confirmation. */
export type RowHandlers<Row> = { edit: (row: Row) => void; remove: (row: Row) => void };

/** A form dialog the list opens: empty to create (`row` null), filled to edit. */
export type ResourceFormProps<Row> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  row: Row | null;
};

/**
 * An admin list page from a declaration (decision 032): the header and its create button, a
 * debounced search, the query (one page of rows from the server), loading, error and empty
 * states, a table whose rows become labelled cards on phones, pagination, the row actions, the
 * form dialog and the delete confirmation.
 */
/** One page of rows from the server: every admin list pages on the server (`pagedListQuery`). */
type ListData = Page<{ id: string }>;
type RowOf<Data> = Data extends Page<infer R> ? R : never;

export type ResourceListProps<Data extends ListData, Key extends readonly unknown[]> = {
  title: string;
  description?: ReactNode;
  /** Where the back link goes (the admin dashboard unless told), and its words. */
  backTo?: string;
  backLabel?: string;
  /** Buttons beside the create button; `list` refreshes the rows. */
  actions?: (list: { refetch: () => unknown; isFetching: boolean }) => ReactNode;
  create?: { label: string; disabled?: boolean };
  search?: { id: string; label: string; placeholder: string; debounceMs?: number };
  /** More filters beside the search box; a change of `filterKey` goes back to page 1. */
  filters?: ReactNode;
  filterKey?: string;
  /** Above the list (a notice, say). */
  notice?: ReactNode;
  query: (filter: ListFilter) => UseQueryOptions<Data, Error, Data, Key>;
  pageSize?: number;
  loadingLabel: string;
  errorTitle: string;
  /** A failed first load shown as its own page instead of inside this one. */
  errorPage?: (retry: () => void, error: Error) => ReactNode;
  empty: {
    title: string;
    /** Shown with no search or filter. */
    description?: ReactNode;
    /** Shown while searching or filtering. */
    filtered?: ReactNode;
    action?: (openCreate: () => void) => ReactNode;
  };
  columns?: Column<RowOf<Data>>[];
  /** Instead of the table (a list of cards). */
  renderRows?: (rows: RowOf<Data>[], handlers: RowHandlers<RowOf<Data>>) => ReactNode;
  /**
   * A row's buttons; by default edit and delete, named with `rowLabel`. A list with none of
   * `rowActions`, `form` and `remove` is read-only: it has no Actions column.
   */
  rowActions?: (row: RowOf<Data>, handlers: RowHandlers<RowOf<Data>>) => ReactNode;
  rowLabel?: (row: RowOf<Data>) => string;
  form?: (props: ResourceFormProps<RowOf<Data>>) => ReactNode;
  remove?: {
    title: string;
    description: (row: RowOf<Data>) => string;
    /** Deletes and toasts; resolving `false` keeps the confirmation open. */
    run: (row: RowOf<Data>) => Promise<unknown>;
    /** The confirm button's words when the action is not a delete ("Demote", say). */
    confirmLabel?: string;
    pendingLabel?: string;
  };
  children?: ReactNode;
};

export function ResourceList<Data extends ListData, Key extends readonly unknown[]>(
  props: ResourceListProps<Data, Key>,
) {
  type Row = RowOf<Data>;
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [paging, setPaging] = useState({ page: 1, key: props.filterKey });
  const page = paging.key === props.filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ page: next, key: props.filterKey });
  const debounced = useDebounced(search.trim(), props.search?.debounceMs);
  const pageSize = props.pageSize ?? 20;
  const list = useQuery(props.query({ search: debounced || undefined, page, pageSize }));
  const form = useDisclosure<Row>();
  const removing = useDisclosure<Row>();
  const [isRemoving, setIsRemoving] = useState(false);
  const handlers: RowHandlers<Row> = { edit: form.open, remove: removing.open };
  const isFiltered = Boolean(debounced) || Boolean(props.filterKey);
  // A read-only list (no row buttons, no form, no delete) has no Actions column.
  const hasActions = Boolean(props.rowActions || props.form || props.remove);

  const confirmRemove = async () => {
    const row = removing.subject;
    if (!row || !props.remove) return;
    setIsRemoving(true);
    const keepOpen = (await props.remove.run(row)) === false;
    setIsRemoving(false);
    if (!keepOpen) removing.close();
  };

  const actionsOf = (row: Row) =>
    props.rowActions ? (
      props.rowActions(row, handlers)
    ) : (
      <RowActions
        label={props.rowLabel?.(row) ?? ""}
        onEdit={() => form.open(row)}
        onDelete={() => removing.open(row)}
      />
    );

  const table = (rows: Row[]) => (
    <Table stackOnPhones aria-busy={list.isFetching}>
      <TableHeader>
        <TableRow>
          {props.columns?.map((c) => (
            <TableHead key={c.header}>{c.header}</TableHead>
          ))}
          {hasActions ? <TableHead className="text-right">{t("Actions")}</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            {props.columns?.map((c) => (
              <TableCell key={c.header} label={c.header} className={c.className}>
                {c.cell(row)}
              </TableCell>
            ))}
            {hasActions ? (
              <TableCell label={t("Actions")} className="whitespace-nowrap text-right">
                {actionsOf(row)}
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );

  if (props.errorPage && list.isError && !list.data) {
    return props.errorPage(() => void list.refetch(), list.error);
  }

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-5 px-4 py-6">
      <PageHeader
        title={props.title}
        description={props.description}
        backTo={props.backTo ?? "/admin/dashboard"}
        backLabel={props.backLabel}
        actions={
          props.actions || props.create ? (
            <>
              {props.actions?.(list)}
              {props.create ? (
                <Button onClick={() => form.open()} disabled={props.create.disabled}>
                  <Plus aria-hidden="true" /> {props.create.label}
                </Button>
              ) : null}
            </>
          ) : undefined
        }
      />
      {props.search ? (
        <div
          className={
            props.filters
              ? "grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-[minmax(0,1fr)_18rem]"
              : undefined
          }
        >
          <SearchBox
            id={props.search.id}
            label={props.search.label}
            placeholder={props.search.placeholder}
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
          />
          {props.filters}
        </div>
      ) : null}
      {props.notice}
      <QueryContent
        query={list}
        loadingLabel={props.loadingLabel}
        errorTitle={props.errorTitle}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState
            title={props.empty.title}
            description={
              isFiltered
                ? (props.empty.filtered ?? t("Try adjusting your search."))
                : props.empty.description
            }
            action={isFiltered ? undefined : props.empty.action?.(() => form.open())}
          />
        }
      >
        {(data) => (
          <>
            {props.renderRows ? (
              <div aria-busy={list.isFetching}>
                {props.renderRows(data.items as Row[], handlers)}
              </div>
            ) : (
              table(data.items as Row[])
            )}
            <Pagination page={page} pageSize={pageSize} total={data.total} onPageChange={setPage} />
          </>
        )}
      </QueryContent>
      {props.form?.({ open: form.isOpen, onOpenChange: form.onOpenChange, row: form.subject })}
      {props.remove ? (
        <ConfirmDialog
          open={removing.isOpen}
          onOpenChange={(open) => !open && removing.close()}
          title={props.remove.title}
          description={removing.subject ? props.remove.description(removing.subject) : ""}
          isPending={isRemoving}
          confirmLabel={props.remove.confirmLabel}
          pendingLabel={props.remove.pendingLabel}
          onConfirm={() => void confirmRemove()}
        />
      ) : null}
      {props.children}
    </div>
  );
}
