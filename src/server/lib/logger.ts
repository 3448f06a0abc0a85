export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
type EmitLevel = Exclude<LogLevel, "silent">;
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/** `json`: one JSON object per line, for files and log shippers. `pretty`: short lines for a person. */
export type LogFormat = "json" | "pretty";

export type Logger = {
  debug: (msg: string, fields?: Record<string, unknown>) => void;
  info: (msg: string, fields?: Record<string, unknown>) => void;
  warn: (msg: string, fields?: Record<string, unknown>) => void;
  error: (msg: string, fields?: Record<string, unknown>) => void;
  /** So callers (the start banner, better-auth) can match the output. */
  level: LogLevel;
  format: LogFormat;
};

type Sink = { write: (line: string) => unknown };

/** LOG_FORMAT when set; otherwise readable lines on a terminal and JSON lines anywhere else. */
export function resolveLogFormat(configured: LogFormat | undefined, isTty: boolean): LogFormat {
  return configured ?? (isTty ? "pretty" : "json");
}

const time = (at: Date) => at.toTimeString().slice(0, 8);

/**
 * Control characters: C0 (newlines included), DEL, C1 (0x9B is a terminal's CSI) and the Unicode
 * line and paragraph separators. A request's path, headers or input can carry any of them; printed
 * as they are they forge log lines or drive the terminal, so every logged value gets them escaped.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const hex = (char: string) => char.charCodeAt(0).toString(16).padStart(4, "0");

/** `text` with each control character written as \uXXXX (a JSON escape, so JSON lines stay valid). */
export function escapeControl(text: string): string {
  return text.replace(CONTROL, (char) => `\\u${hex(char)}`);
}

const scalar = (value: unknown) => {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  // JSON.stringify escapes C0 itself; what it leaves (DEL, C1, U+2028/9) is escaped after.
  return escapeControl(/[\s"=\\]/.test(text) ? JSON.stringify(text) : text);
};

/**
 * One readable line: `12:04:05 GET /api/exams 200 12 ms` for a request, else
 * `12:04:05 WARN message key=value ...`.
 */
export function formatPretty(
  at: Date,
  level: EmitLevel,
  msg: string,
  fields: Record<string, unknown> = {},
) {
  const { method, path, status, ms, requestId: _id, ...rest } = fields;
  if (msg === "request" && typeof method === "string" && typeof path === "string") {
    const extra = Object.entries(rest)
      .map(([k, v]) => ` ${k}=${scalar(v)}`)
      .join("");
    return `${time(at)} ${scalar(method)} ${scalar(path)} ${status} ${ms} ms${extra}`;
  }
  const tag = level === "info" ? "" : `${level.toUpperCase()} `;
  const extra = Object.entries(fields)
    .map(([k, v]) => ` ${escapeControl(k)}=${scalar(v)}`)
    .join("");
  return `${time(at)} ${tag}${escapeControl(msg)}${extra}`;
}

/** Events on stdout (errors on stderr), as JSON lines or readable lines (see LogFormat). */
export function createLogger(
  level: LogLevel = "info",
  options: { format?: LogFormat; stdout?: Sink; stderr?: Sink; now?: () => Date } = {},
): Logger {
  const format = options.format ?? "json";
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const now = options.now ?? (() => new Date());
  const emit = (at: EmitLevel, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[at] < ORDER[level]) return;
    const when = now();
    const line =
      format === "json"
        ? escapeControl(JSON.stringify({ time: when.toISOString(), level: at, msg, ...fields }))
        : formatPretty(when, at, msg, fields);
    (at === "error" ? stderr : stdout).write(`${line}\n`);
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
    level,
    format,
  };
}
