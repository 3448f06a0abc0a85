// npx tsx scripts/class-groups.ts: writes src/web/lib/class-groups.ts, the tailwind-merge class
// groups the app's classes belong to (src/web/lib/cn.ts; cn.test.ts says when to run it).
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { appClasses, classGroupsOf } from "./lib/class-groups.ts";

const groups = classGroupsOf(appClasses());
writeFileSync(
  "src/web/lib/class-groups.ts",
  `// Written by \`npx tsx scripts/class-groups.ts\`: the tailwind-merge class groups of the classes
// in src (cn.ts). cn.test.ts fails when a class from another group is used.
export const APP_CLASS_GROUPS: readonly string[] = ${JSON.stringify(groups, null, 2)};
`,
);
execFileSync("npx", ["biome", "format", "--write", "src/web/lib/class-groups.ts"]);
console.log(`${groups.length} class groups written to src/web/lib/class-groups.ts`);
