import * as AvatarPrimitive from "@radix-ui/react-avatar";
import { cn } from "@web/lib/cn.ts";

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts.slice(0, 1);
  return letters.map((p) => p?.[0]?.toUpperCase() ?? "").join("") || "U";
}

export function Avatar(props: { name: string; src?: string | null; className?: string }) {
  return (
    <AvatarPrimitive.Root
      className={cn(
        "relative flex size-16 shrink-0 overflow-hidden rounded-full bg-secondary",
        props.className,
      )}
    >
      {props.src ? (
        <AvatarPrimitive.Image
          src={props.src}
          alt={props.name}
          className="size-full object-cover"
          width={64}
          height={64}
        />
      ) : null}
      <AvatarPrimitive.Fallback
        className="flex size-full items-center justify-center text-lg font-semibold text-secondary-foreground"
        aria-label={props.name}
      >
        {initialsOf(props.name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
