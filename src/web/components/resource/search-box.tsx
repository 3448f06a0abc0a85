import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { Search } from "lucide-react";

export function SearchBox(props: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="relative">
      <Label htmlFor={props.id} className="sr-only">
        {props.label}
      </Label>
      <Search
        className="pointer-events-none absolute left-3 top-3 size-4 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        id={props.id}
        type="search"
        placeholder={props.placeholder}
        className="pl-9"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}
