import { useEffect, useRef } from "react";

/**
 * Asks the browser to confirm leaving the page (reload, closing the tab, typing an address) while
 * `shouldPrompt()` says something would be lost, e.g. answers still queued on this device. It is
 * asked at the moment of leaving, so it always sees the latest state. Browsers show their own
 * wording; ours cannot be set.
 */
export function useLeavePrompt(shouldPrompt: () => boolean) {
  const latest = useRef(shouldPrompt);
  latest.current = shouldPrompt;
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current()) return;
      event.preventDefault();
      // Older Chromium and Safari still need a returnValue to show the prompt.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);
}
