import { Button } from "@web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "@web/components/ui/dialog.tsx";
import { FormField } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { useState } from "react";
import type { Target } from "../lib/target-exam.ts";

export function TargetExamDialog(props: {
  initial: Target;
  hasCustomTarget: boolean;
  onClose: () => void;
  onSave: (target: Target | null) => void;
}) {
  const [draft, setDraft] = useState<Target>(props.initial);
  return (
    <Dialog open onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent
        title="Change Exam"
        description="Set the exam you are preparing for and its date. It is kept on this device."
      >
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (draft.name.trim() && draft.date)
              props.onSave({ name: draft.name.trim().slice(0, 60), date: draft.date });
          }}
        >
          <FormField id="target-name" label="Exam">
            <Input
              id="target-name"
              value={draft.name}
              maxLength={60}
              required
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
          </FormField>
          <FormField id="target-date" label="Exam date">
            <Input
              id="target-date"
              type="date"
              value={draft.date}
              required
              onChange={(e) => setDraft({ ...draft, date: e.target.value })}
            />
          </FormField>
          <DialogFooter>
            {props.hasCustomTarget ? (
              <Button type="button" variant="ghost" onClick={() => props.onSave(null)}>
                Use the default
              </Button>
            ) : null}
            <Button type="submit">Save</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
