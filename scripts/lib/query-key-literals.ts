/**
 * Query keys come from one registry (`src/web/lib/query-keys.ts`, decision 032). This finds the
 * places that spell a key out instead: `queryKey: [...]`, or a query-client call handed an array
 * (`invalidateQueries([...])`, `setQueryData([...], ...)`, and the like).
 */
export const QUERY_KEY_REGISTRY = "src/web/lib/query-keys.ts";

const LITERAL_KEY =
  /queryKey\s*:\s*\[|\b(?:invalidateQueries|refetchQueries|removeQueries|cancelQueries|resetQueries|setQueryData|setQueriesData|getQueryData|getQueriesData|prefetchQuery|ensureQueryData|fetchQuery)\(\s*\[/;

export type LiteralKey = { file: string; line: number; text: string };

export function findLiteralQueryKeys(files: Map<string, string>): LiteralKey[] {
  const found: LiteralKey[] = [];
  for (const [file, source] of files) {
    if (file === QUERY_KEY_REGISTRY) continue;
    source.split("\n").forEach((text, index) => {
      if (LITERAL_KEY.test(text)) found.push({ file, line: index + 1, text: text.trim() });
    });
  }
  return found;
}
