import { QuestionText } from "@web/components/rich-text/rich-text.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { type HookData, QueryContent } from "@web/components/ui/query-content.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import { contentLang } from "@web/lib/content-language.ts";
import { formatDate } from "@web/lib/format.ts";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { msg } from "../../../../shared/i18n/msg.ts";
import { KEY_HOLD_TEXT } from "../../../../shared/key-gate.ts";
import { useKeyChangeLog } from "../api/key-change-log.ts";

type Log = HookData<typeof useKeyChangeLog>;
type Item = Log["items"][number];

const WHAT: Record<string, string> = {
  key: msg("Key changed"),
  award: msg("Dropped: everyone gets the marks"),
  exclude: msg("Dropped: not counted in the total"),
};

/**
 * A paper's public key-change log (decision 064): each corrected key and dropped question, oldest
 * first. What changed (the question, the keys, the reason, who reported it) is shown only where
 * the server's answer-keys gate opens that question's key to the reader; otherwise the entry says
 * why it is hidden.
 */
export function KeyChangeLogPage() {
  const { t } = useTranslation();
  const { examId = "" } = useParams();
  const log = useKeyChangeLog(examId);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-5 px-4 py-6 sm:py-8">
      <QueryContent
        query={log}
        loadingLabel={t("Loading the key-change log...")}
        errorTitle={t("Could not load the key-change log")}
      >
        {(data) => <LogBody log={data} />}
      </QueryContent>
    </div>
  );
}

function LogBody({ log }: { log: Log }) {
  const { t, i18n } = useTranslation();
  const hindi = i18n.language === "hi";
  const title = (hindi && log.paper.titleHi) || log.paper.title;
  return (
    <>
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold">{t("Key-change log")}</h1>
        <p className="text-lg font-medium" lang={contentLang(title)}>
          {title}
        </p>
        <p className="text-sm text-muted-foreground">
          {t(
            "When a key is corrected or a question dropped, every attempt that holds the question is graded again, ranks are worked out again, and each student whose score or rank changed is told.",
          )}
        </p>
      </header>
      {log.items.length === 0 ? (
        <EmptyState title={t("No key has changed in this paper.")} />
      ) : (
        <ol className="grid gap-3">
          {log.items.map((item) => (
            <LogEntry key={item.id} item={item} hindi={hindi} />
          ))}
        </ol>
      )}
    </>
  );
}

function LogEntry({ item, hindi }: { item: Item; hindi: boolean }) {
  const { t } = useTranslation();
  const change = item.change;
  // A drop's rule is shown with the rest of the change; a hidden one says only "Dropped".
  const what =
    item.kind === "key" ? WHAT.key : change?.dropRule ? WHAT[change.dropRule] : msg("Dropped");
  const text = change ? (hindi && change.questionTextHi) || change.questionText : null;
  const reason = change ? (hindi && change.reasonHi) || change.reason : null;
  return (
    <li className="grid gap-2 rounded-lg border border-border bg-background p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">{t("Question {{number}}", { number: item.number })}</h2>
        <Badge variant={item.kind === "key" ? "warning" : "secondary"}>{t(what ?? "")}</Badge>
        <span className="text-sm text-muted-foreground">{formatDate(item.createdAt)}</span>
        {item.regraded ? null : <Badge variant="outline">{t("Regrading attempts...")}</Badge>}
      </div>
      {change && text ? (
        <>
          <div lang={contentLang(text)}>
            <QuestionText className="text-sm" text={text} />
          </div>
          <dl className="grid gap-1 text-sm sm:grid-cols-2">
            <div>
              <dt className="inline text-muted-foreground">{t("Old key:")} </dt>
              <dd className="inline font-medium">{change.oldAnswers.join(", ")}</dd>
            </div>
            <div>
              <dt className="inline text-muted-foreground">
                {item.kind === "key" ? t("New key:") : t("Now:")}{" "}
              </dt>
              <dd className="inline font-medium">
                {item.kind === "key"
                  ? change.newAnswers.length > 1
                    ? t("{{options}} (any of them is right)", {
                        options: change.newAnswers.join(", "),
                      })
                    : change.newAnswers.join(", ")
                  : t(what ?? "")}
              </dd>
            </div>
          </dl>
          {reason ? (
            <p className="text-sm">
              <span className="text-muted-foreground">{t("Reason:")} </span>
              <span lang={contentLang(reason)}>{reason}</span>
            </p>
          ) : null}
          {change.credits.length > 0 ? (
            <p className="text-sm text-muted-foreground">
              {t("Reported by {{names}}. Thank you.", { names: change.credits.join(", ") })}
            </p>
          ) : null}
        </>
      ) : item.keyHold ? (
        <p className="rounded-md bg-muted p-3 text-sm">{t(KEY_HOLD_TEXT[item.keyHold])}</p>
      ) : null}
    </li>
  );
}
