import { useSaveForRevision } from "@web/lib/revision.ts";
import { Bookmark, BookmarkCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";

/**
 * "Save for revision" on a question of the student's own completed attempt: pressed while the
 * question is in their revision notebook (saved, or collected because it was missed). A tap adds
 * or removes it at once; a refusal puts it back as it was.
 */
export function SaveForRevisionButton(props: { attemptId: string; questionId: string }) {
  const { t } = useTranslation();
  const notebook = useSaveForRevision(props.attemptId);
  const saved = notebook.isSaved(props.questionId);
  const Icon = saved ? BookmarkCheck : Bookmark;
  return (
    <Button
      type="button"
      variant={saved ? "secondary" : "outline"}
      size="sm"
      className="justify-self-start"
      aria-pressed={saved}
      disabled={!notebook.isReady || notebook.isPending(props.questionId)}
      onClick={() => notebook.toggle(props.questionId)}
    >
      <Icon aria-hidden="true" />
      {t("Save for revision")}
    </Button>
  );
}
