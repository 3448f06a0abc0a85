import type { FieldValues, Resolver } from "react-hook-form";
import type { ZodType } from "zod";

/**
 * A form resolver whose zod schema (and zod itself, ~30 KB gzip) is loaded on first use instead of
 * with the page (decision 054: the login page does not ship schema chunks it does not need to
 * paint). `preload` starts the download early, e.g. when the form is first focused; the first
 * validation waits for it.
 */
export function lazyZodResolver<T extends FieldValues>(
  load: () => Promise<ZodType<T, FieldValues>>,
): { resolver: Resolver<T>; preload: () => void } {
  let ready: Promise<Resolver<T>> | null = null;
  const get = () => {
    ready ??= Promise.all([import("@hookform/resolvers/zod"), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<T>,
    );
    return ready;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get(),
  };
}
