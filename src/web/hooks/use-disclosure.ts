import { useCallback, useState } from "react";

/**
 * Open/closed state of a dialog, optionally holding what it was opened for (the row being edited
 * or deleted). `open()` with no subject opens it empty (create); `close()` keeps the subject, so the dialog's
 * title and fields do not change while it animates closed.
 */
export function useDisclosure<T = never>() {
  const [state, setState] = useState<{ isOpen: boolean; subject: T | null }>({
    isOpen: false,
    subject: null,
  });
  const open = useCallback(
    (subject?: T) => setState({ isOpen: true, subject: subject ?? null }),
    [],
  );
  const close = useCallback(() => setState((s) => ({ ...s, isOpen: false })), []);
  const onOpenChange = useCallback((isOpen: boolean) => setState((s) => ({ ...s, isOpen })), []);
  return { ...state, open, close, onOpenChange };
}
