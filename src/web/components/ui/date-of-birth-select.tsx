import { currentLocale } from "@web/lib/i18n.ts";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldMessage } from "./form-field.tsx";
import { Select } from "./select.tsx";

/** The youngest and oldest birth years offered, counted back from this year. */
const YOUNGEST_AGE = 10;
const OLDEST_AGE = 80;

type Parts = { day: string; month: string; year: string };

function splitIso(value: string): Parts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match
    ? { year: match[1] ?? "", month: match[2] ?? "", day: match[3] ?? "" }
    : { day: "", month: "", year: "" };
}

/**
 * The date the three parts make: "" when none is chosen, yyyy-mm-dd when all are, and a partial
 * value the schema refuses ("Enter a valid date of birth.") when only some are, so a half-chosen
 * date is never sent as no date. 31 February is sent as it is and refused the same way.
 */
function joinParts({ day, month, year }: Parts): string {
  if (!day && !month && !year) return "";
  return `${year || "????"}-${month || "??"}-${day || "??"}`;
}

/**
 * A date of birth in Indian order: Day, Month, Year (dd-mm-yyyy), as three labelled native
 * selects in a fieldset. Why not `<input type="date">`: the browser draws it in its own locale's
 * order (mm/dd/yyyy in many), which the app cannot change, and its calendar makes a student page
 * back twenty-odd years month by month. Native selects need no new dependency, work with the
 * keyboard (type-ahead, arrows) and screen readers ("Date of Birth, Day"), and open the phone's
 * own picker at 390 px. Month names follow the interface language.
 */
export function DateOfBirthSelect(props: {
  id: string;
  legend: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: string;
}) {
  const { t } = useTranslation();
  const [parts, setParts] = useState<Parts>(() => splitIso(props.value));
  // Read on each render: useTranslation renders this again when the language changes.
  const locale = currentLocale();
  const months = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" });
    return Array.from({ length: 12 }, (_, i) => ({
      value: String(i + 1).padStart(2, "0"),
      name: format.format(new Date(Date.UTC(2000, i, 1))),
    }));
  }, [locale]);
  const thisYear = new Date().getFullYear();
  const years = Array.from(
    { length: OLDEST_AGE - YOUNGEST_AGE + 1 },
    (_, i) => thisYear - YOUNGEST_AGE - i,
  );
  // A stored date outside the range (an older profile) is still shown as it is.
  const storedYear = Number(parts.year);
  if (storedYear && !years.includes(storedYear)) years.push(storedYear);
  const set = (part: keyof Parts, value: string) => {
    const next = { ...parts, [part]: value };
    setParts(next);
    props.onChange(joinParts(next));
  };
  const describedBy = props.error
    ? `${props.id}-error`
    : props.hint
      ? `${props.id}-hint`
      : undefined;
  const common = {
    "aria-invalid": props.error ? true : undefined,
    "aria-describedby": describedBy,
    onBlur: props.onBlur,
  } as const;

  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">{props.legend}</legend>
      <div className="grid grid-cols-[4.5rem_1fr_6rem] gap-2">
        <div className="grid gap-1">
          <label htmlFor={`${props.id}-day`} className="text-xs text-muted-foreground">
            {t("Day")}
          </label>
          <Select
            id={`${props.id}-day`}
            value={parts.day}
            onChange={(e) => set("day", e.target.value)}
            {...common}
          >
            <option value="">{t("DD")}</option>
            {Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, "0")).map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${props.id}-month`} className="text-xs text-muted-foreground">
            {t("Month")}
          </label>
          <Select
            id={`${props.id}-month`}
            value={parts.month}
            onChange={(e) => set("month", e.target.value)}
            {...common}
          >
            <option value="">{t("MM")}</option>
            {months.map((m) => (
              <option key={m.value} value={m.value}>
                {m.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${props.id}-year`} className="text-xs text-muted-foreground">
            {t("Year")}
          </label>
          <Select
            id={`${props.id}-year`}
            value={parts.year}
            onChange={(e) => set("year", e.target.value)}
            {...common}
          >
            <option value="">{t("YYYY")}</option>
            {years.map((y) => (
              <option key={y} value={String(y)}>
                {y}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <FieldMessage id={props.id} error={props.error} hint={props.hint} />
    </fieldset>
  );
}
