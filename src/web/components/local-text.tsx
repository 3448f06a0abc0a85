import { usePickText } from "@web/lib/content-language.ts";
import type { HTMLAttributes } from "react";

/**
 * A title an admin may also have written in Hindi, as an element carrying its own `lang`: the
 * Hindi in a Hindi interface where there is one, else the English (`lib/content-language.ts`).
 */
export function LocalText({
  as: Tag = "span",
  english,
  hindi,
  ...rest
}: {
  as?: "span" | "p" | "h1" | "h2";
  english: string;
  hindi: string | null | undefined;
} & Omit<HTMLAttributes<HTMLElement>, "lang" | "children">) {
  const picked = usePickText()(english, hindi);
  return (
    <Tag lang={picked.lang} {...rest}>
      {picked.text}
    </Tag>
  );
}
