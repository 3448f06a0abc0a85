import { describe, expect, it, vi } from "vitest";
import { reloadOnNewBuild } from "./reload-on-new-build.ts";

function setup(start: number) {
  const target = new EventTarget();
  const reload = vi.fn();
  const values = new Map<string, string>();
  let clock = start;
  reloadOnNewBuild(
    Object.assign(target, { location: { reload } }) as unknown as Window,
    { getItem: (k) => values.get(k) ?? null, setItem: (k, v) => void values.set(k, v) },
    () => clock,
  );
  const fail = () => {
    const event = new Event("vite:preloadError", { cancelable: true });
    target.dispatchEvent(event);
    return event.defaultPrevented;
  };
  return { fail, reload, advance: (ms: number) => (clock += ms) };
}

describe("reloading for a new build", () => {
  it("reloads once when a code-split file of the old build cannot be loaded", () => {
    const { fail, reload, advance } = setup(1_000_000);
    expect(fail()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    // Failing again right after the reload is a real error: no reload loop.
    advance(5_000);
    expect(fail()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // A later deploy reloads again.
    advance(60_000);
    expect(fail()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
