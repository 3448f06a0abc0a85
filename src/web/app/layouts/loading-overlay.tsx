import { Spinner } from "@web/components/ui/spinner.tsx";

export function LoadingOverlay() {
  return (
    <div
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-background"
      aria-live="polite"
    >
      <Spinner className="size-8 text-primary" label="Loading Application..." />
      <p className="text-lg font-medium">Loading Application...</p>
    </div>
  );
}
