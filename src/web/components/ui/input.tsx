import { cn } from "@web/lib/cn.ts";
import type { ComponentProps } from "react";

/**
 * A text input unless told otherwise: the type is always written out, since checkers (HTML
 * CodeSniffer's H98, as pa11y runs it) take autocomplete="name" and the like only on a control
 * whose type attribute says it is text.
 */
export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(
        "flex h-10 w-full rounded-md border border-border bg-background px-3 py-2 text-base placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive sm:text-sm",
        className,
      )}
      {...props}
    />
  );
}
