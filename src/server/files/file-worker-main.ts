import { parentPort } from "node:worker_threads";
import { AppError } from "../lib/app-error.ts";
import { FILE_CHECKS, type FileCheckName } from "./file-checks.ts";

/** What file-pool.ts sends: one check of one file's bytes. */
export type FileJob = { id: number; name: FileCheckName; bytes: Uint8Array };

/** What a worker answers: the check's value, or the AppError it threw (as plain data). */
export type FileJobAnswer =
  | { id: number; ok: true; value: unknown }
  | {
      id: number;
      ok: false;
      error: {
        code: AppError["code"];
        message: string;
        details?: unknown;
        text?: AppError["text"];
      };
    }
  | { id: number; ok: false; failure: string };

const port = parentPort;
if (!port) throw new Error("file-worker-main.ts runs only as a worker thread (file-pool.ts)");

// The decoders load before the worker says it is ready, so a check's time limit counts the
// check, not the imports.
await Promise.all([
  import("file-type"),
  import("pdf-lib"),
  import("sharp"),
  import("papaparse"),
  // @ts-expect-error heic-decode ships no types (file-checks.ts types its one function).
  import("heic-decode"),
]);

port.on("message", async (job: FileJob) => {
  let answer: FileJobAnswer;
  try {
    answer = { id: job.id, ok: true, value: await FILE_CHECKS[job.name](job.bytes) };
  } catch (error) {
    answer =
      error instanceof AppError
        ? {
            id: job.id,
            ok: false,
            error: {
              code: error.code,
              message: error.message,
              details: error.details,
              text: error.text,
            },
          }
        : {
            id: job.id,
            ok: false,
            failure: error instanceof Error ? error.message : String(error),
          };
  }
  port.postMessage(answer);
});
port.postMessage("ready");
