// A light HTTP client for the benches' simulated students: node:http on keep-alive connections.
// Node's fetch costs 5-7x more CPU per request than this on the same machine (a local echo server,
// 5,000 requests at 50 at once: fetch 0.8-1.4 ms, node:http 0.14-0.19 ms with the server's share),
// and the bench client shares the cores with the app and PostgreSQL, so its own cost would be
// counted against the app. Its replies look enough like fetch's Response for the app's `unwrap`.
import http from "node:http";

const agents = new Map<string, http.Agent>();
const agentFor = (host: string) => {
  let agent = agents.get(host);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
    agents.set(host, agent);
  }
  return agent;
};

export type LightResponse = {
  ok: boolean;
  status: number;
  headers: http.IncomingHttpHeaders;
  text: () => Promise<string>;
  json: () => Promise<unknown>;
};

/**
 * One JSON request to `base` (http://host:port) as the browser sends it (Origin of that base).
 * A kept-alive connection the server closed while idle (its keep-alive timeout, 5 s) fails on
 * reuse with ECONNRESET before the server has read anything: that one is sent again on a new
 * connection, as Node's documentation advises (`request.reusedSocket`); browsers do the same.
 */
export async function request(
  base: string,
  method: string,
  urlPath: string,
  options: { body?: unknown; cookie?: string; signal?: AbortSignal } = {},
): Promise<LightResponse> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send(base, method, urlPath, options);
    } catch (error) {
      const stale = (error as { staleSocket?: boolean }).staleSocket === true;
      if (!stale || attempt >= 2) throw error;
    }
  }
}

function send(
  base: string,
  method: string,
  urlPath: string,
  options: { body?: unknown; cookie?: string; signal?: AbortSignal } = {},
): Promise<LightResponse> {
  const url = new URL(base);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: urlPath,
        agent: agentFor(url.host),
        signal: options.signal,
        headers: {
          origin: base,
          ...(body === undefined
            ? {}
            : { "content-type": "application/json", "content-length": Buffer.byteLength(body) }),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("error", reject);
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          resolve({
            ok: status >= 200 && status < 300,
            status,
            headers: res.headers,
            text: async () => text,
            json: async () => JSON.parse(text),
          });
        });
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (req.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE"))
        Object.assign(error, { staleSocket: true });
      reject(error);
    });
    req.end(body);
  });
}

/** Closes the kept-alive connections (end of a run). */
export function closeConnections() {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}
