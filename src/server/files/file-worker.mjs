// A file worker's entry (decision 057). On Node 20 a worker thread does not inherit the tsx
// loader its parent was started with (`node --import tsx`, or vitest's own), so it registers tsx
// itself and then loads the TypeScript side; the same file works under npm start and in tests.
import os from "node:os";
import { register } from "tsx/esm/api";

// On Linux a thread has its own nice value: this worker (its TypeScript compiled by tsx, and the
// threads sharp starts from it) yields the CPU to the thread that answers requests whenever both
// want it. Elsewhere the call would change the whole process, so it is made only on Linux.
if (process.platform === "linux") {
  try {
    os.setPriority(10);
  } catch {
    // A host that refuses keeps the default priority.
  }
}
register();
await import("./file-worker-main.ts");
