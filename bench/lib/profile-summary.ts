// tsx bench/lib/profile-summary.ts [file.cpuprofile] [--top 30]
//
// The top self-time functions of a V8 CPU profile (default: the largest in .reports/profile/, the server's main thread rather than tsx's loader thread, as
// written by `npm run bench:exam -- --profile`), and the self time summed per package, so the
// cost of a middleware or a driver shows up even when it is spread over many small functions.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: "string", default: "30" } },
});
const dir = ".reports/profile";
const file =
  positionals[0] ??
  readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).size - statSync(a).size)[0];
if (!file) throw new Error(`no .cpuprofile in ${dir}`);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => {
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const shortUrl = (url: string) => url.replace(/^file:\/\//, "").replace(`${process.cwd()}/`, "");
const perFunction = new Map<string, number>();
const perPackage = new Map<string, number>();
for (const [id, us] of selfUs) {
  const frame = byId.get(id)?.callFrame;
  if (!frame) continue;
  const url = shortUrl(frame.url);
  const key = `${frame.functionName || "(anonymous)"} ${url ? `${url}:${frame.lineNumber + 1}` : ""}`;
  perFunction.set(key, (perFunction.get(key) ?? 0) + us);
  const pkg =
    url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ??
    (url.startsWith("src/")
      ? url.split("/").slice(0, 4).join("/")
      : url.startsWith("node:")
        ? `node:${url.slice(5).split("/")[0]}`
        : frame.functionName || "(vm)");
  perPackage.set(pkg, (perPackage.get(pkg) ?? 0) + us);
}

const show = (title: string, map: Map<string, number>, top: number) => {
  console.log(`\n${title}`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(
      `${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`,
    );
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
show("self time by function", perFunction, Number(values.top));
show("self time by package or folder", perPackage, 25);
