// A file worker's entry (decision 057). On Node 20 a worker thread does not inherit the tsx
// loader its parent was started with (`node --import tsx`, or vitest's own), so it registers tsx
// itself and then loads the TypeScript side; the same file works under npm start and in tests.
import { register } from "tsx/esm/api";

register();
await import("./file-worker-main.ts");
