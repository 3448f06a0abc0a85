import { useEffect, useState } from "react";
import { remainingSeconds } from "./clock.ts";

/** Seconds left until the server's deadline, ticking every second. */
export function useCountdown(deadlineIso: string | null, offsetMs: number): number | null {
  const compute = () => (deadlineIso ? remainingSeconds(deadlineIso, offsetMs, Date.now()) : null);
  const [left, setLeft] = useState(compute);
  // biome-ignore lint/correctness/useExhaustiveDependencies: compute reads only these inputs
  useEffect(() => {
    setLeft(compute());
    if (!deadlineIso) return;
    const timer = setInterval(() => setLeft(compute()), 1000);
    return () => clearInterval(timer);
  }, [deadlineIso, offsetMs]);
  return left;
}
