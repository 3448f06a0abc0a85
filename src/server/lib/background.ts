import type { Logger } from "./logger.ts";

/**
 * Work a request starts and does not wait for (decision 064: a key change's regrade of every
 * attempt that holds the question). Each job is logged when it fails; `settled()` waits for every
 * job under way, so a shutdown lets them finish and a test can wait for them. A job must also be
 * safe to run again from the sweeper (it picks up what a crash left undone).
 */
export type Background = {
  run(name: string, job: () => Promise<unknown>): void;
  settled(): Promise<void>;
};

export function createBackground(logger: Logger): Background {
  const running = new Set<Promise<unknown>>();
  return {
    run(name, job) {
      const task: Promise<unknown> = job()
        .catch((error: unknown) => logger.error(`${name} failed`, { error: String(error) }))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
