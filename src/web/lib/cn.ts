import { type ClassValue, clsx } from "clsx";
import { createTailwindMerge, getDefaultConfig } from "tailwind-merge";
import { APP_CLASS_GROUPS } from "./class-groups.ts";

/** The groups' entries of a tailwind-merge config map, without the groups the app never uses. */
function onlyAppGroups<T extends object>(map: T): T {
  const keep = new Set(APP_CLASS_GROUPS);
  return Object.fromEntries(Object.entries(map).filter(([group]) => keep.has(group))) as T;
}

/**
 * tailwind-merge with only the class groups the app's classes belong to (123 of its 379;
 * class-groups.ts, written from Tailwind's own scan of src/web). It builds its class map on its
 * first call, and the whole map cost a phone ~70-110 ms of one task (4x); a third of it is ~30-45.
 * A class of any other group would be kept as written, unmerged: cn.test.ts holds every pair of
 * the app's classes to the full merger's answer and fails when the list needs writing again.
 */
const twMerge = createTailwindMerge(() => {
  const config = getDefaultConfig();
  return {
    ...config,
    classGroups: onlyAppGroups(config.classGroups),
    conflictingClassGroups: onlyAppGroups(config.conflictingClassGroups),
    conflictingClassGroupModifiers: onlyAppGroups(config.conflictingClassGroupModifiers),
  };
});

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its class map on its first call: done here, in a task of its own before
 * the first render, rather than inside a hydration slice (main.tsx; issue 23's Total Blocking
 * Time).
 */
export function prepareClassMerge(): void {
  twMerge("p-0 p-1");
}
