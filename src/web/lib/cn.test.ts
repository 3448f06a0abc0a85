import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { appClasses, classGroupsOf } from "../../../scripts/lib/class-groups.ts";
import { APP_CLASS_GROUPS } from "./class-groups.ts";
import { cn } from "./cn.ts";

describe("cn: tailwind-merge with the app's class groups only", () => {
  const classes = appClasses();

  it("knows every class group the app's classes belong to", () => {
    expect(classes.length).toBeGreaterThan(300);
    const missing = classGroupsOf(classes).filter((group) => !APP_CLASS_GROUPS.includes(group));
    // A class from a group not in the list: run `npx tsx scripts/class-groups.ts`.
    expect(missing).toEqual([]);
  });

  it("merges every pair of the app's classes as the full tailwind-merge does", () => {
    const differences: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        const pair = `${first} ${second}`;
        if (cn(pair) !== twMerge(pair)) differences.push(pair);
      }
    }
    expect(differences.slice(0, 10)).toEqual([]);
  });

  it("still resolves the conflicts the components rely on", () => {
    expect(cn("px-3 py-2", "p-0")).toBe("p-0");
    expect(cn("h-10 w-full", "pr-11")).toBe("h-10 w-full pr-11");
    expect(cn("text-sm text-muted-foreground", "text-base text-foreground")).toBe(
      "text-base text-foreground",
    );
    expect(cn("hidden", "sm:flex", "flex")).toBe("sm:flex flex");
    expect(cn("rounded-md", false, undefined, "rounded-lg")).toBe("rounded-lg");
  });
});
