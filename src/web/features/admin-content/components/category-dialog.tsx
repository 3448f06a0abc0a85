import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "@web/components/ui/dialog.tsx";
import { FormField, fieldAria } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Textarea } from "@web/components/ui/textarea.tsx";
import { ApiError } from "@web/lib/api.ts";
import { notify } from "@web/lib/toast.ts";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { type CategoryInput, categoryInputSchema } from "../../../../shared/exams.ts";
import { type AdminCategory, useSaveCategory } from "../api/categories.ts";

type Form = { name: string; description: string; iconSlug: string; imageSlug: string };

export function CategoryDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  category: AdminCategory | null;
}) {
  const save = useSaveCategory();
  const form = useForm<Form>({
    resolver: zodResolver(categoryInputSchema) as never,
    defaultValues: { name: "", description: "", iconSlug: "", imageSlug: "" },
  });
  const { errors } = form.formState;
  useEffect(() => {
    if (!props.open) return;
    const c = props.category;
    form.reset({
      name: c?.name ?? "",
      description: c?.description ?? "",
      iconSlug: c?.iconSlug ?? "",
      imageSlug: c?.imageSlug ?? "",
    });
  }, [props.open, props.category, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: props.category?.id, input: values as CategoryInput });
      notify.success(
        "Success",
        props.category ? "Category updated successfully." : "Category created successfully.",
      );
      props.onOpenChange(false);
    } catch (error) {
      notify.error(
        "Error saving category",
        error instanceof ApiError ? error.message : "An unexpected error occurred.",
      );
    }
  });

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent title={props.category ? "Edit Category" : "Add New Category"}>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <FormField id="category-name" label="Name" error={errors.name?.message}>
            <Input
              {...fieldAria("category-name", errors.name?.message)}
              {...form.register("name")}
            />
          </FormField>
          <FormField id="category-description" label="Description (optional)">
            <Textarea id="category-description" rows={3} {...form.register("description")} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="category-icon" label="Icon name (optional)" hint="e.g. landmark">
              <Input id="category-icon" {...form.register("iconSlug")} />
            </FormField>
            <FormField id="category-image" label="Image description (optional)">
              <Input id="category-image" {...form.register("imageSlug")} />
            </FormField>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save Category"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
