// Placeholder seam: "Report an error" on a reviewed question (replaced by its real dialog).
export function ReportErrorButton(_props: { questionId: string }) {
  return null;
}
