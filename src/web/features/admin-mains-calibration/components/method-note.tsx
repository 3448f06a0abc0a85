import { useTranslation } from "react-i18next";
import { FLAG_MEAN_DIFFERENCE_BANDS, FLAG_MIN_PAIRS } from "../../../../shared/mains-tests.ts";

/** The method in one paragraph (decision 063), on the page that shows its figures. */
export function MethodNote() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="calibration-method" className="grid gap-2">
      <h2 id="calibration-method" className="text-lg font-semibold">
        {t("How these figures are made")}
      </h2>
      <p className="max-w-3xl text-sm leading-relaxed text-muted-foreground">
        {t(
          "An answer marked twice, a first and a blind second marking, is a pair. A marking's band is its marks ÷ the question's marks × 10, rounded (0 to 10). Kappa compares the two bands of every pair with quadratic weights (two bands apart counts four times one band apart) against what the two examiners' spreads of marks would give by chance: 1 is full agreement and 0 is chance; from 0.8 it reads strong, from 0.6 substantial, from 0.4 moderate, below that weak. A mentor's mean difference is their marks minus the other examiner's, over the pairs where they marked either round; at {{bands}} band or more over at least {{pairs}} pairs they are flagged as running high or low, and the suggested correction is minus that difference in marks, to the half mark. The admin decides: a correction is added to each of the mentor's marks in one test when its results are computed, and can change only until they are published. Turnaround is the hours from a booklet's submission to its evaluation (for a mentor, to their marking), against the date promised at submission.",
          { bands: FLAG_MEAN_DIFFERENCE_BANDS, pairs: FLAG_MIN_PAIRS },
        )}
      </p>
    </section>
  );
}
