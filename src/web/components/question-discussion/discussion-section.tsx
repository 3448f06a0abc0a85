// Placeholder seam: the discussion panel under a reviewed question (replaced by its real panel).
export function DiscussionSection(_props: { questionId: string; count: number }) {
  return null;
}
