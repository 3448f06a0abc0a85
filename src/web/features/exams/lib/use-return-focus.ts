import { useRef } from "react";

/**
 * Focus goes back to whatever opened a dialog when it closes. Radix does this only for its own
 * Dialog.Trigger; our dialogs are opened from several buttons (and by a blocked navigation), so
 * the element focused when the dialog opens is remembered and focused again on close. Pass the
 * returned handler as the dialog content's `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  // Read during the render that opens the dialog: focus has not moved into it yet.
  if (open && !wasOpen.current && typeof document !== "undefined") {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  wasOpen.current = open;
  return (event: Event) => {
    const target = opener.current;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
}
