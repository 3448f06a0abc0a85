import { cn } from "@web/lib/cn.ts";
import type { ComponentProps } from "react";

/** A table that scrolls sideways on narrow screens instead of squeezing. */
export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    <div className="w-full overflow-x-auto rounded-lg border border-border bg-background">
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
export const TableCell = ({ className, ...p }: ComponentProps<"td">) => (
  <td className={cn("px-3 py-2 align-top", className)} {...p} />
);
