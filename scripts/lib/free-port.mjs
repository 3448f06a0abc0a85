// Free TCP ports for test and benchmark servers: several runs (other engineers, CI) share one
// machine, so nothing listens on a fixed port.

import { execFileSync } from "node:child_process";
import net from "node:net";

/** A port that was free on 127.0.0.1 a moment ago (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** The same, for synchronous callers such as playwright.config.ts (runs a tiny child node). */
export function freePortSync() {
  const code = `import("${import.meta.url}").then(m => m.freePort()).then(p => process.stdout.write(String(p)))`;
  return Number(
    execFileSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8" }),
  );
}
