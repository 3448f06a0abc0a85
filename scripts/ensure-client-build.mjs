// `npm start` runs this first: build the client once if there is no build yet.

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

// The server's page renderer is part of the same build (decision 046).
if (!existsSync("dist/client/index.html") || !existsSync("dist/server/entry-server.js")) {
  console.log("No client build found: building it once (vite build)...");
  const result = spawnSync(
    process.execPath,
    ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"],
    {
      stdio: "inherit",
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
