import { i18n } from "@web/lib/i18n.ts";
import { notify } from "@web/lib/toast.ts";
import { QUIZ_MESSAGES } from "../../../../shared/quiz-constants.ts";

/** The Web Share sheet where there is one; otherwise the link goes to the clipboard. */
export async function shareLink(title: string, path: string) {
  const url = new URL(path, window.location.origin).toString();
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      // The student closed the share sheet: nothing to do.
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    notify.success(i18n.t(QUIZ_MESSAGES.linkCopied));
  } catch {
    notify.error(i18n.t("Could not share"), url);
  }
}
