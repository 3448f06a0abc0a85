import { useCallback, useState } from "react";

/** How many steps Undo can go back. */
export const UNDO_LIMIT = 200;

type History<T> = { past: T[]; value: T };

/**
 * A value with an undo stack: the annotations of a page (or of a whole copy) while a mentor
 * marks it. `set` records the value it replaces (a value equal by identity records nothing);
 * `undo` puts the last one back; `reset` starts over from a value with nothing to undo (another
 * copy loaded, a draft saved elsewhere).
 */
export function useAnnotationHistory<T>(initial: T) {
  const [history, setHistory] = useState<History<T>>(() => ({ past: [], value: initial }));

  const set = useCallback((next: T | ((current: T) => T)) => {
    setHistory((current) => {
      const value = typeof next === "function" ? (next as (current: T) => T)(current.value) : next;
      if (Object.is(value, current.value)) return current;
      return { past: [...current.past, current.value].slice(-UNDO_LIMIT), value };
    });
  }, []);

  const undo = useCallback(() => {
    setHistory((current) => {
      if (current.past.length === 0) return current;
      return {
        past: current.past.slice(0, -1),
        value: current.past[current.past.length - 1] as T,
      };
    });
  }, []);

  const reset = useCallback((value: T) => setHistory({ past: [], value }), []);

  return { value: history.value, set, undo, canUndo: history.past.length > 0, reset };
}
