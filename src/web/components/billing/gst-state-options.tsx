import { useTranslation } from "react-i18next";
import { GST_STATES } from "../../../shared/gst-states.ts";

/**
 * The options of a state select for GST (decision 059): a blank first option, then India's
 * states and union territories by name (in the interface language) with their GST code.
 */
export function GstStateOptions({ blankLabel }: { blankLabel: string }) {
  const { t } = useTranslation();
  return (
    <>
      <option value="">{blankLabel}</option>
      {GST_STATES.map((state) => (
        <option key={state.code} value={state.code}>
          {t("{{state}} ({{code}})", { state: t(state.name), code: state.code })}
        </option>
      ))}
    </>
  );
}
