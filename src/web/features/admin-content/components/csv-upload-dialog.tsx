import { Button } from "@web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "@web/components/ui/dialog.tsx";
import { FormField } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { ApiError } from "@web/lib/api.ts";
import { notify } from "@web/lib/toast.ts";
import { Download, Upload } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { decodeCsvBytes } from "../../../../shared/csv-text.ts";
import {
  CSV_EXAMPLE_FILE_NAME,
  CSV_TEMPLATE_FILE_NAME,
  type CsvValidation,
  validateQuestionCsv,
} from "../../../../shared/question-csv.ts";
import { type DuplicateFlag, findDuplicateRows } from "../../../../shared/question-duplicates.ts";
import {
  CSV_EXAMPLE_URL,
  CSV_TEMPLATE_URL,
  useImportPreview,
  useImportQuestions,
} from "../api/questions.ts";
import { DuplicatesPanel, MissingTagsPanel, PreviewTable, TARGET_TEXT } from "./csv-preview.tsx";
import { parseTarget, TargetSelect } from "./target-select.tsx";

const PREVIEW_ROWS = 50;

type Preview = {
  id: number;
  /** The file as chosen: the server reads its bytes again (decision 057). */
  file: File;
  fileName: string;
  result: CsvValidation;
  /** Repeats within the file, found here at once; the server adds the target's. */
  inFile: DuplicateFlag[];
};

let nextFileId = 0;

/**
 * Bulk upload: the file is parsed here for a preview (rows and their errors, repeats within the
 * file) and the server's dry run adds the rows already in the chosen exam or quiz, before
 * anything is written. The server decodes, parses and checks the same file again on upload and inserts
 * the valid rows, less the duplicates unless the admin imports them anyway, in one transaction.
 */
export function CsvUploadDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  exams: { id: string; title: string }[];
  quizzes: { id: string; title: string }[];
  defaultTarget: string;
}) {
  const { t } = useTranslation();
  const upload = useImportQuestions();
  const [target, setTarget] = useState("");
  const [preview, setPreview] = useState<Preview | null>(null);
  const [skipDuplicates, setSkipDuplicates] = useState(true);
  const [createMissingTags, setCreateMissingTags] = useState(false);
  useEffect(() => {
    if (props.open) {
      setTarget(props.defaultTarget);
      setPreview(null);
      setSkipDuplicates(true);
      setCreateMissingTags(false);
    }
  }, [props.open, props.defaultTarget]);

  const result = preview?.result;
  const checkable = Boolean(target && preview && result?.ok && result.questions.length > 0);
  const serverCheck = useImportPreview(
    checkable && preview ? { ...parseTarget(target), file: preview.file, createMissingTags } : null,
    preview?.id ?? -1,
  );
  const duplicates: DuplicateFlag[] = serverCheck.data?.duplicates ?? preview?.inFile ?? [];
  const flagOf = new Map(duplicates.map((d) => [d.row, d]));
  const targetKind = target.startsWith("quiz:") ? "quiz" : "exam";
  // The server's dry run also knows which subject and topic names exist (tag errors per row).
  const valid = serverCheck.data?.valid ?? (result?.ok ? result.questions.length : 0);
  const rowErrors = serverCheck.data?.skipped ?? (result?.ok ? result.errors : []);
  const toUpload = valid - (skipDuplicates ? duplicates.length : 0);

  const readFile = async (file: File | undefined) => {
    setPreview(null);
    if (!file) return;
    try {
      // Decoded strictly, as the server will (UTF-8, or UTF-16 with its BOM): a file saved in
      // another encoding is refused here with how to save it, never previewed as garbage.
      const decoded = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
      if (!decoded.ok) {
        notify.error(t("Upload Error"), t(decoded.message), { duration: 12000 });
        return;
      }
      const { default: Papa } = await import("papaparse");
      const parsed = Papa.parse<string[]>(decoded.text, { skipEmptyLines: "greedy" });
      const result = validateQuestionCsv(parsed.data);
      nextFileId += 1;
      setPreview({
        id: nextFileId,
        file,
        fileName: file.name,
        result,
        inFile: result.ok ? findDuplicateRows(result.questions, new Set()) : [],
      });
      if (!result.ok) {
        notify.error(t("Upload Error"), t(result.fatal), {
          duration: result.fatal.startsWith("CSV header mismatch") ? 9000 : 5000,
        });
      } else {
        for (const error of result.errors.slice(0, 3))
          notify.error(t("Skipping Row"), t(error.message), { duration: 5000 });
      }
    } catch {
      notify.error(t("File Read Error"), t("Could not read the CSV file."));
    }
  };

  const onUpload = async () => {
    if (!target || !preview) {
      notify.error(t("Upload Error"), t("Please select an exam and a CSV file."));
      return;
    }
    if (!preview.result.ok) {
      notify.error(t("Upload Error"), t(preview.result.fatal));
      return;
    }
    if (preview.result.questions.length === 0) {
      notify.error(t("Upload Error"), t("No valid questions found to upload."));
      return;
    }
    try {
      const done = await upload.mutateAsync({
        ...parseTarget(target),
        file: preview.file,
        skipDuplicates,
        createMissingTags,
      });
      const uploaded = t("{{inserted}} questions uploaded successfully.", {
        inserted: done.inserted,
      });
      notify.success(
        t("Success"),
        done.duplicatesSkipped
          ? `${uploaded} ${t("{{count}} duplicates skipped.", { count: done.duplicatesSkipped })}`
          : uploaded,
      );
      props.onOpenChange(false);
    } catch (error) {
      notify.error(
        t("Upload Error"),
        t("Failed to upload questions: {{message}}", {
          message: error instanceof ApiError ? t(error.message) : t("unknown error"),
        }),
      );
    }
  };

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent
        title={t("Bulk Upload Questions")}
        description={t("Upload a CSV file of questions for one exam or quiz.")}
        className="sm:max-w-3xl"
      >
        <div className="grid gap-3 text-sm text-muted-foreground">
          <p>
            {t(
              "Columns (header row, any case): question_text, option_a, option_b, option_c, option_d, correct_answer (A, B, C or D) and explanation (its values may be empty). Optional Hindi columns: question_text_hi, option_a_hi to option_d_hi and explanation_hi (a row's Hindi version is all there or empty). Optional tags: subject, topic (names, in any case), difficulty (easy, medium or hard) and year (of a previous-year paper). Values containing commas must be in double quotes. The template has the header row only; the example shows two filled-in rows.",
            )}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" className="h-11">
              <a href={CSV_TEMPLATE_URL} download={CSV_TEMPLATE_FILE_NAME}>
                <Download aria-hidden="true" /> {t("Download template")}
              </a>
            </Button>
            <Button asChild variant="outline" className="h-11">
              <a href={CSV_EXAMPLE_URL} download={CSV_EXAMPLE_FILE_NAME}>
                <Download aria-hidden="true" /> {t("Download example")}
              </a>
            </Button>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="csv-exam" label={t("Exam or quiz")}>
            <TargetSelect
              id="csv-exam"
              exams={props.exams}
              quizzes={props.quizzes}
              emptyLabel={t("Select an exam or quiz")}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
            />
          </FormField>
          <FormField id="csv-file" label={t("CSV file")}>
            <Input
              id="csv-file"
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              onChange={(e) => void readFile(e.target.files?.[0])}
            />
          </FormField>
        </div>
        {result?.ok ? (
          <div className="grid gap-2">
            <p role="status" className="text-sm font-medium">
              {rowErrors.length
                ? t("{{file}}: {{count}} valid questions, {{rows}} row(s) will be skipped.", {
                    file: preview?.fileName,
                    count: valid,
                    rows: rowErrors.length,
                  })
                : t("{{file}}: {{count}} valid questions.", {
                    file: preview?.fileName,
                    count: valid,
                  })}
            </p>
            {rowErrors.length ? (
              <ul className="max-h-32 overflow-y-auto rounded-md bg-destructive/10 p-2 text-sm text-destructive">
                {rowErrors.map((e) => (
                  <li key={e.row}>{t(e.text.key, e.text.values)}</li>
                ))}
              </ul>
            ) : null}
            <MissingTagsPanel
              missing={serverCheck.data?.missingTags}
              create={createMissingTags}
              onCreateChange={setCreateMissingTags}
            />
            {/* The server's check: its progress and its failure (what it found is above). */}
            <QueryContent
              query={serverCheck}
              loading={
                checkable ? (
                  <p className="text-sm text-muted-foreground">
                    {t(TARGET_TEXT[targetKind].checking)}
                  </p>
                ) : null
              }
              error={(error) => (
                <InlineAlert>
                  {t(TARGET_TEXT[targetKind].checkFailed, {
                    message: error instanceof ApiError ? t(error.message) : t("unknown error"),
                  })}
                </InlineAlert>
              )}
            >
              {() => null}
            </QueryContent>
            <DuplicatesPanel
              duplicates={duplicates}
              targetKind={targetKind}
              skip={skipDuplicates}
              onSkipChange={setSkipDuplicates}
            />
            <PreviewTable
              questions={result.questions.slice(0, PREVIEW_ROWS)}
              flagOf={flagOf}
              targetKind={targetKind}
            />
            {result.questions.length > PREVIEW_ROWS ? (
              <p className="text-xs text-muted-foreground">
                {t("Showing the first {{rows}} rows.", { rows: PREVIEW_ROWS })}
              </p>
            ) : null}
          </div>
        ) : result ? (
          <InlineAlert>{result.fatal}</InlineAlert>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
            {t("Cancel")}
          </Button>
          <Button
            type="button"
            onClick={() => void onUpload()}
            disabled={upload.isPending || (result?.ok === true && toUpload <= 0)}
          >
            <Upload aria-hidden="true" />{" "}
            {upload.isPending
              ? t("Uploading...")
              : result?.ok
                ? t("Upload {{number}} Questions", { number: toUpload })
                : t("Upload")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
