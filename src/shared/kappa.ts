/**
 * Cohen's kappa with quadratic weights (decision 063): how far two examiners agree beyond what
 * their own spreads of marks would give by chance. Pure, so the server and its tests share it.
 *
 * For k ordered categories, a disagreement between categories i and j weighs
 * w_ij = (i − j)² / (k − 1)². With p_ij the observed share of pairs in cell (i, j) and e_ij the
 * share expected by chance (row share × column share):
 *
 *   κ = 1 − Σ w_ij p_ij / Σ w_ij e_ij
 *
 * 1 is perfect agreement, 0 what chance gives, below 0 worse than chance. When the expected
 * disagreement is 0 (every marking of both examiners in one band), κ is undefined: null.
 */

/** A k × k table: counts[i][j] pairs in which the first marking is in i and the second in j. */
export type ConfusionMatrix = readonly (readonly number[])[];

/** The confusion matrix of pairs of categories 0…k−1 (values outside are clamped into range). */
export function confusionMatrix(
  pairs: Iterable<readonly [number, number]>,
  categories: number,
): number[][] {
  const matrix = Array.from({ length: categories }, () => new Array<number>(categories).fill(0));
  const clamp = (x: number) => Math.min(categories - 1, Math.max(0, Math.round(x)));
  for (const [a, b] of pairs) {
    const row = matrix[clamp(a)] as number[];
    row[clamp(b)] = (row[clamp(b)] ?? 0) + 1;
  }
  return matrix;
}

/**
 * Quadratic weighted kappa of a confusion matrix; null with no pairs or no spread (the expected
 * disagreement is 0, so the ratio is undefined, never NaN).
 */
export function quadraticWeightedKappa(matrix: ConfusionMatrix): number | null {
  const k = matrix.length;
  if (k < 2) return null;
  const rows = new Array<number>(k).fill(0);
  const cols = new Array<number>(k).fill(0);
  let n = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const count = matrix[i]?.[j] ?? 0;
      rows[i] = (rows[i] ?? 0) + count;
      cols[j] = (cols[j] ?? 0) + count;
      n += count;
    }
  }
  if (n === 0) return null;
  const scale = (k - 1) * (k - 1);
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const w = ((i - j) * (i - j)) / scale;
      observed += w * ((matrix[i]?.[j] ?? 0) / n);
      expected += w * (((rows[i] ?? 0) / n) * ((cols[j] ?? 0) / n));
    }
  }
  // Floating dust below this is no spread at all (weights are multiples of 1/(k−1)², shares of 1/n²).
  if (expected < 1e-12) return null;
  return 1 - observed / expected;
}

/** Quadratic weighted kappa straight from pairs of categories 0…k−1. */
export function kappaOfPairs(
  pairs: Iterable<readonly [number, number]>,
  categories: number,
): number | null {
  return quadraticWeightedKappa(confusionMatrix(pairs, categories));
}

export const KAPPA_READINGS = ["strong", "substantial", "moderate", "weak"] as const;
export type KappaReading = (typeof KAPPA_READINGS)[number];

/** A plain reading of kappa: ≥ 0.8 strong, 0.6–0.8 substantial, 0.4–0.6 moderate, below weak. */
export function kappaReading(kappa: number | null): KappaReading | null {
  if (kappa === null) return null;
  if (kappa >= 0.8) return "strong";
  if (kappa >= 0.6) return "substantial";
  if (kappa >= 0.4) return "moderate";
  return "weak";
}
