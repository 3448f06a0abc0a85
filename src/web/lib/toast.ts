import { toast } from "sonner";

/** Spec: toasts show one at a time, 5 s by default; errors use the destructive style. */
export const notify = {
  success: (title: string, description?: string, options?: { duration?: number }) =>
    toast.success(title, { description, ...options }),
  info: (title: string, description?: string, options?: { duration?: number }) =>
    toast.info(title, { description, ...options }),
  error: (title: string, description?: string, options?: { duration?: number }) =>
    toast.error(title, { description, ...options }),
};
