// The chaos bench's settings (bench/chaos.ts): the command line, the exam's shape, the odds of
// each fault, and the random helpers the scripted students draw them with.
import { parseArgs } from "node:util";

export const { values } = parseArgs({
  options: {
    attempts: { type: "string" },
    smoke: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
  },
});
export const SMOKE = values.smoke;
export type Config = {
  attempts: number;
  questions: number;
  timeLimitS: number;
  spreadS: number;
  paceS: [number, number];
  offlineS: [number, number];
};
export const CONFIG: Config = SMOKE
  ? { attempts: 20, questions: 8, timeLimitS: 60, spreadS: 8, paceS: [1, 4], offlineS: [5, 15] }
  : {
      attempts: 1000,
      questions: 15,
      timeLimitS: 240,
      spreadS: 90,
      paceS: [2, 8],
      offlineS: [5, 60],
    };
export const ATTEMPTS = Number(values.attempts ?? CONFIG.attempts);
export const GRACE_MS = 15_000;
export const SWEEP_S = 3;
/** The whole run, set-up excluded; the watchdog ends it past this. */
export const BUDGET_MS = (CONFIG.spreadS + CONFIG.timeLimitS + (SMOKE ? 120 : 420)) * 1000;
export const P_ABORT = 0.04;
export const P_OFFLINE = 0.3;
export const P_RELOAD = 0.25;
export const P_LEAVE = 0.05;
/** How often a student presses Submit again after the screen reports a failed submit. */
export const SUBMIT_PRESSES = 3;
/** As the app's client (REQUEST_TIMEOUT_MS): a request with no answer by then counts as a network error. */
export const REQUEST_TIMEOUT_MS = 25_000;

export const rand = (min: number, max: number) => min + Math.random() * (max - min);
export const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)] as T;
export const never = <T>() => new Promise<T>(() => {});
