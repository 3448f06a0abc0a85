import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { serveOptions } from "../fast-path/direct-routes.ts";

type FetchApp = { fetch: Parameters<typeof serve>[0]["fetch"] };

/**
 * Serves the app the way production does (@hono/node-server) on a free port, for tests of what
 * only a real socket shows: headers the adapter writes, streaming bodies, connection handling.
 */
export async function listen(app: FetchApp) {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve(serveOptions(app, { port: 0, hostname: "127.0.0.1" }), () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        if ("closeAllConnections" in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
