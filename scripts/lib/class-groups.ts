import { Scanner } from "@tailwindcss/oxide";
import { createTailwindMerge, getDefaultConfig, twMerge } from "tailwind-merge";

/**
 * The class names Tailwind finds in the app's source (the same scan that decides which CSS is
 * built), kept to those tailwind-merge knows: a known class written twice merges to one.
 */
export function appClasses(root = "src"): string[] {
  const scanner = new Scanner({
    sources: [{ base: `${process.cwd()}/${root}`, pattern: "**/*.{ts,tsx}", negated: false }],
  });
  return scanner.scan().filter((name) => twMerge(`${name} ${name}`) === name);
}

/**
 * The tailwind-merge class groups that hold at least one of `classes`, in the default config's
 * order: a group is tried alone (a merger that knows only it) against each class.
 */
export function classGroupsOf(classes: readonly string[]): string[] {
  const config = getDefaultConfig();
  return Object.keys(config.classGroups).filter((group) => {
    const alone = createTailwindMerge(() => ({
      ...config,
      classGroups: { [group]: config.classGroups[group as keyof typeof config.classGroups] },
      conflictingClassGroups: {},
      conflictingClassGroupModifiers: {},
    }));
    return classes.some((name) => alone(`${name} ${name}`) === name);
  });
}
