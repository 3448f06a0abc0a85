// The life cycle the instance benches (storm, chaos, live) share: run `main`, always `cleanup`
// (stop the instances, drop the scratch database), stop cleanly on Ctrl-C or SIGTERM, and kill
// any instance still running if the process exits anyway.
import type { AppInstance } from "./instances.ts";

/** localStorage for one simulated student's page: survives a reload, not a lost device. */
export class MapStorage {
  readonly data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

export function runBench(
  name: string,
  main: () => Promise<void>,
  cleanup: () => Promise<void>,
  instances: () => AppInstance[],
) {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.error(`${name}: ${signal}; stopping`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  process.once("exit", () => {
    for (const i of instances()) i.killNow();
  });
  main()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => cleanup());
}
