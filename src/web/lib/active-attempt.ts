import { useEffect, useSyncExternalStore } from "react";

// Whether a timed attempt (exam or quiz) is on screen. The attempt screen registers itself; the
// layout reads it, so that maintenance mode does not swap a running attempt for the maintenance
// page (its answers wait on the device and the attempt screen says why).
let active = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Marks a timed attempt as on screen while the calling component is mounted. */
export function useRegisterActiveAttempt() {
  useEffect(() => {
    active += 1;
    emit();
    return () => {
      active -= 1;
      emit();
    };
  }, []);
}

/** The same, read at the moment (an effect that must not wait for the next render). */
export function isAttemptActive(): boolean {
  return active > 0;
}

export function useIsAttemptActive(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => active > 0,
    () => false,
  );
}
