import * as LabelPrimitive from "@radix-ui/react-label";
import { cn } from "@web/lib/cn.ts";
import type { ComponentProps } from "react";

export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return <LabelPrimitive.Root className={cn("text-sm font-medium", className)} {...props} />;
}
