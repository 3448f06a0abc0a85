import { type ClassValue, clsx } from "clsx";
import { createTailwindMerge, getDefaultConfig } from "tailwind-merge";
import { APP_CLASS_GROUPS } from "./class-groups.ts";
import { nextTask } from "./yield.ts";

/** The groups' entries of a tailwind-merge config map, without the groups the app never uses. */
function onlyAppGroups<T extends object>(map: T): T {
  const keep = new Set(APP_CLASS_GROUPS);
  return Object.fromEntries(Object.entries(map).filter(([group]) => keep.has(group))) as T;
}

/**
 * tailwind-merge's config with only the class groups the app's classes belong to (124 of its
 * 379; class-groups.ts, written from Tailwind's own scan of src). A class of any other group
 * would be kept as written, unmerged: cn.test.ts holds every pair of the app's classes to the full
 * merger's answer and fails when the list needs writing again.
 */
let appConfig: ReturnType<typeof getDefaultConfig> | undefined;
function appMergeConfig() {
  appConfig ??= (() => {
    const config = getDefaultConfig();
    return {
      ...config,
      classGroups: onlyAppGroups(config.classGroups),
      conflictingClassGroups: onlyAppGroups(config.conflictingClassGroups),
      conflictingClassGroupModifiers: onlyAppGroups(config.conflictingClassGroupModifiers),
    };
  })();
  return appConfig;
}

/** Builds its class map from the config on its first call. */
const twMerge = createTailwindMerge(appMergeConfig);

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * The merger made ready before the first render, rather than inside one of its hydration slices
 * (main.tsx; the page's Total Blocking Time, decision 054), in two tasks: the config (the library's
 * default, trimmed), then the class map built from it. Each was about half of one 70-110 ms task on
 * a phone (4x) when the whole map was built on the first call.
 */
export async function prepareClassMerge(): Promise<void> {
  await nextTask();
  appMergeConfig();
  await nextTask();
  twMerge("p-0 p-1");
}
