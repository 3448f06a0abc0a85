import { Button } from "@web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "@web/components/ui/dialog.tsx";
import { FormField } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@web/components/ui/table.tsx";
import { ApiError } from "@web/lib/api.ts";
import { notify } from "@web/lib/toast.ts";
import { Download, Upload } from "lucide-react";
import { useEffect, useState } from "react";
import {
  CSV_TEMPLATE,
  type CsvValidation,
  validateQuestionCsv,
} from "../../../../shared/question-csv.ts";
import { useImportQuestions } from "../api/questions.ts";
import { parseTarget, TargetSelect } from "./target-select.tsx";

const PREVIEW_ROWS = 50;

type Preview = { text: string; fileName: string; result: CsvValidation };

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([CSV_TEMPLATE], { type: "text/csv" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "questions-template.csv";
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Bulk upload: the file is parsed here for a preview (rows and their errors) before anything is
 * written; the server parses and validates the same text again and inserts all valid rows in
 * one transaction.
 */
export function CsvUploadDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  exams: { id: string; title: string }[];
  quizzes: { id: string; title: string }[];
  defaultTarget: string;
}) {
  const upload = useImportQuestions();
  const [target, setTarget] = useState("");
  const [preview, setPreview] = useState<Preview | null>(null);
  useEffect(() => {
    if (props.open) {
      setTarget(props.defaultTarget);
      setPreview(null);
    }
  }, [props.open, props.defaultTarget]);

  const readFile = async (file: File | undefined) => {
    setPreview(null);
    if (!file) return;
    try {
      const text = await file.text();
      const { default: Papa } = await import("papaparse");
      const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), {
        skipEmptyLines: "greedy",
      });
      const result = validateQuestionCsv(parsed.data);
      setPreview({ text, fileName: file.name, result });
      if (!result.ok) {
        notify.error("Upload Error", result.fatal, {
          duration: result.fatal.startsWith("CSV header mismatch") ? 9000 : 5000,
        });
      } else {
        for (const error of result.errors.slice(0, 3))
          notify.error("Skipping Row", error.message, { duration: 5000 });
      }
    } catch {
      notify.error("File Read Error", "Could not read the CSV file.");
    }
  };

  const onUpload = async () => {
    if (!target || !preview) {
      notify.error("Upload Error", "Please select an exam and a CSV file.");
      return;
    }
    if (!preview.result.ok) {
      notify.error("Upload Error", preview.result.fatal);
      return;
    }
    if (preview.result.questions.length === 0) {
      notify.error("Upload Error", "No valid questions found to upload.");
      return;
    }
    try {
      const result = await upload.mutateAsync({ ...parseTarget(target), csv: preview.text });
      notify.success("Success", `${result.inserted} questions uploaded successfully.`);
      props.onOpenChange(false);
    } catch (error) {
      notify.error(
        "Upload Error",
        `Failed to upload questions: ${error instanceof ApiError ? error.message : "unknown error"}`,
      );
    }
  };

  const result = preview?.result;
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent
        title="Bulk Upload Questions"
        description="Upload a CSV file of questions for one exam or quiz."
        className="sm:max-w-3xl"
      >
        <div className="grid gap-3 text-sm text-muted-foreground">
          <p>
            Columns (header row, any case): question_text, option_a, option_b, option_c, option_d,
            correct_answer (A, B, C or D) and explanation (its values may be empty). Optional Hindi
            columns: question_text_hi, option_a_hi to option_d_hi and explanation_hi (a row's Hindi
            version is all there or empty). Values containing commas must be in double quotes.
          </p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={downloadTemplate}
          >
            <Download aria-hidden="true" /> Download template
          </Button>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="csv-exam" label="Exam or quiz">
            <TargetSelect
              id="csv-exam"
              exams={props.exams}
              quizzes={props.quizzes}
              emptyLabel="Select an exam or quiz"
              value={target}
              onChange={(e) => setTarget(e.target.value)}
            />
          </FormField>
          <FormField id="csv-file" label="CSV file">
            <Input
              id="csv-file"
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => void readFile(e.target.files?.[0])}
            />
          </FormField>
        </div>
        {result?.ok ? (
          <div className="grid gap-2">
            <p role="status" className="text-sm font-medium">
              {preview?.fileName}: {result.questions.length} valid question
              {result.questions.length === 1 ? "" : "s"}
              {result.errors.length ? `, ${result.errors.length} row(s) will be skipped` : ""}.
            </p>
            {result.errors.length ? (
              <ul className="max-h-32 overflow-y-auto rounded-md bg-destructive/10 p-2 text-sm text-destructive">
                {result.errors.map((e) => (
                  <li key={e.row}>{e.message}</li>
                ))}
              </ul>
            ) : null}
            <div className="max-h-64 overflow-y-auto">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Row</TableHead>
                    <TableHead>Question</TableHead>
                    <TableHead>Answer</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {result.questions.slice(0, PREVIEW_ROWS).map((q) => (
                    <TableRow key={q.row}>
                      <TableCell>{q.row}</TableCell>
                      <TableCell>
                        <p className="line-clamp-2">{q.questionText}</p>
                      </TableCell>
                      <TableCell>
                        {q.correctAnswer}. {q.options[q.correctAnswer]}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            {result.questions.length > PREVIEW_ROWS ? (
              <p className="text-xs text-muted-foreground">
                Showing the first {PREVIEW_ROWS} rows.
              </p>
            ) : null}
          </div>
        ) : result ? (
          <p role="alert" className="text-sm text-destructive">
            {result.fatal}
          </p>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="button" onClick={() => void onUpload()} disabled={upload.isPending}>
            <Upload aria-hidden="true" />{" "}
            {upload.isPending
              ? "Uploading..."
              : `Upload${result?.ok ? ` ${result.questions.length} Questions` : ""}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
