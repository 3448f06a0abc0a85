import { cn } from "@web/lib/cn.ts";
import type { ComponentProps } from "react";

/**
 * A data table. With `stackOnPhones` (admin lists) each row becomes a card below 640 px, every
 * cell preceded by its `label`, so actions stay on screen instead of in a sideways scroll.
 * Without it the table scrolls sideways on narrow screens.
 */
export function Table({
  className,
  stackOnPhones = false,
  ...props
}: ComponentProps<"table"> & { stackOnPhones?: boolean }) {
  return (
    <div
      className={cn(
        "w-full overflow-x-auto rounded-lg border border-border bg-background",
        stackOnPhones && "table-cards",
      )}
    >
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}
export const TableHeader = (p: ComponentProps<"thead">) => <thead className="bg-muted/60" {...p} />;
export const TableBody = (p: ComponentProps<"tbody">) => (
  <tbody className="divide-y divide-border" {...p} />
);
export const TableRow = ({ className, ...p }: ComponentProps<"tr">) => (
  <tr className={cn("hover:bg-muted/40", className)} {...p} />
);
export const TableHead = ({ className, ...p }: ComponentProps<"th">) => (
  <th
    scope="col"
    className={cn("whitespace-nowrap px-3 py-2 text-left font-semibold", className)}
    {...p}
  />
);
/** `label`: the column's name, shown before the value when the row is a card on a phone. */
export const TableCell = ({
  className,
  label,
  ...p
}: ComponentProps<"td"> & { label?: string }) => (
  <td className={cn("px-3 py-2 align-top", className)} data-label={label} {...p} />
);
