import { describe, expect, it } from "vitest";
import { confusionMatrix, kappaOfPairs, kappaReading, quadraticWeightedKappa } from "./kappa.ts";

describe("quadratic weighted kappa", () => {
  it("matches a 3-band table computed by hand", () => {
    // Ten pairs in three bands (rows: the first marking, columns: the second):
    //
    //            j=0  j=1  j=2 | row
    //     i=0     2    1    0  |  3
    //     i=1     1    3    1  |  5
    //     i=2     0    0    2  |  2
    //     col     3    4    3  | 10
    //
    // Weights w_ij = (i − j)² / (3 − 1)²: 0 on the diagonal, 0.25 one band apart, 1 two apart.
    // Observed disagreement: one band apart (0,1) 1 + (1,0) 1 + (1,2) 1 + (2,1) 0 = 3 pairs
    //   × 0.25 = 0.75; two apart (0,2) 0 + (2,0) 0 = 0. Do = 0.75 / 10 = 0.075.
    // Expected counts E_ij = row_i × col_j / 10:
    //     i=0: 0.9 1.2 0.9     i=1: 1.5 2.0 1.5     i=2: 0.6 0.8 0.6
    // Expected disagreement: one apart 1.2 + 1.5 + 1.5 + 0.8 = 5.0 × 0.25 = 1.25; two apart
    //   0.9 + 0.6 = 1.5 × 1 = 1.5; De = (1.25 + 1.5) / 10 = 0.275.
    // κ = 1 − 0.075 / 0.275 = 1 − 3/11 = 8/11 ≈ 0.7273.
    const table = [
      [2, 1, 0],
      [1, 3, 1],
      [0, 0, 2],
    ];
    expect(quadraticWeightedKappa(table)).toBeCloseTo(8 / 11, 12);
  });

  it("matches the 11-band example of the calibration tests, computed by hand", () => {
    // Five pairs of bands (first, second): (6,4) (7,5) (5,4) (8,6) (4,4); w_ij = (i − j)² / 100.
    // Do = mean of (f − s)² / 100 = (4 + 4 + 1 + 4 + 0) / 5 / 100 = 0.026.
    // De = mean over all 25 (f, s) combinations of (f − s)² / 100. With the seconds
    //   {4, 5, 4, 6, 4}: f=6 → 4+1+4+0+4 = 13; f=7 → 9+4+9+1+9 = 32; f=5 → 1+0+1+1+1 = 4;
    //   f=8 → 16+9+16+4+16 = 61; f=4 → 0+1+0+4+0 = 5; total 115. De = 115 / 25 / 100 = 0.046.
    // κ = 1 − 0.026 / 0.046 = 1 − 26/46 = 20/46 ≈ 0.4348.
    const pairs: [number, number][] = [
      [6, 4],
      [7, 5],
      [5, 4],
      [8, 6],
      [4, 4],
    ];
    expect(kappaOfPairs(pairs, 11)).toBeCloseTo(20 / 46, 12);
  });

  it("is 1 for perfect agreement with spread", () => {
    const pairs: [number, number][] = [0, 2, 5, 7, 10, 3].map((b) => [b, b]);
    expect(kappaOfPairs(pairs, 11)).toBe(1);
  });

  it("is negative, −1, when one examiner reverses the other's scale", () => {
    const pairs: [number, number][] = [0, 1, 2, 8, 9, 10].map((b) => [b, 10 - b]);
    expect(kappaOfPairs(pairs, 11)).toBeCloseTo(-1, 12);
    expect(
      kappaOfPairs(
        [
          [0, 2],
          [2, 0],
          [1, 1],
        ],
        3,
      ),
    ).toBeLessThan(0);
  });

  it("is 0 when the markings are independent of each other", () => {
    // Every first band meets every second band equally often: observed = expected.
    const pairs: [number, number][] = [];
    for (const a of [2, 5, 8]) for (const b of [3, 6]) pairs.push([a, b]);
    expect(kappaOfPairs(pairs, 11)).toBeCloseTo(0, 12);
  });

  it("is null, not NaN, without spread or without pairs", () => {
    expect(
      kappaOfPairs(
        [
          [5, 5],
          [5, 5],
          [5, 5],
        ],
        11,
      ),
    ).toBeNull();
    expect(kappaOfPairs([], 11)).toBeNull();
    expect(quadraticWeightedKappa([[4]])).toBeNull();
  });

  it("is the same whichever examiner is the row (symmetric weights)", () => {
    const pairs: [number, number][] = [
      [1, 3],
      [4, 4],
      [7, 5],
      [9, 6],
      [2, 2],
    ];
    const swapped = pairs.map(([a, b]) => [b, a] as [number, number]);
    expect(kappaOfPairs(swapped, 11)).toBeCloseTo(kappaOfPairs(pairs, 11) ?? Number.NaN, 12);
  });

  it("builds the confusion matrix, clamping out-of-range bands", () => {
    expect(
      confusionMatrix(
        [
          [0, 1],
          [0, 1],
          [2, 5],
          [-1, 0],
        ],
        3,
      ),
    ).toEqual([
      [1, 2, 0],
      [0, 0, 0],
      [0, 0, 1],
    ]);
  });

  it("reads kappa in plain words at the documented thresholds", () => {
    expect(kappaReading(0.8)).toBe("strong");
    expect(kappaReading(0.79)).toBe("substantial");
    expect(kappaReading(0.6)).toBe("substantial");
    expect(kappaReading(0.4)).toBe("moderate");
    expect(kappaReading(0.39)).toBe("weak");
    expect(kappaReading(-0.5)).toBe("weak");
    expect(kappaReading(null)).toBeNull();
  });
});
