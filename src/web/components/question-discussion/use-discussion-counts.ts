// Placeholder seam: the discussion counts of the reviewed questions, in one request.
export function useDiscussionCounts(
  _questionIds: readonly string[],
  _enabled: boolean,
): Record<string, number> {
  return {};
}
