import { formatNumber } from "@web/lib/format.ts";
import { useId } from "react";
import { useTranslation } from "react-i18next";

const WIDTH = 320;
const HEIGHT = 140;
const PAD = { top: 12, right: 16, bottom: 20, left: 32 };

/**
 * A series' percentile from test to test as a line (0 to 100), drawn in SVG: no chart library.
 * The picture is one image with a summary for screen readers; the table beside it has the figures.
 */
export function ProgressTrend(props: { points: { label: string; percentile: number }[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { points } = props;
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) =>
    PAD.left + (points.length === 1 ? innerWidth / 2 : (i / (points.length - 1)) * innerWidth);
  const y = (percentile: number) => PAD.top + (1 - percentile / 100) * innerHeight;
  const first = points[0];
  const last = points[points.length - 1];
  const summary =
    first && last
      ? t("Percentile by test, from {{from}} in the first to {{to}} in the latest", {
          from: formatNumber(first.percentile),
          to: formatNumber(last.percentile),
        })
      : "";
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={titleId}
      className="h-auto w-full max-w-xl text-primary"
    >
      <title id={titleId}>{summary}</title>
      {[0, 50, 100].map((level) => (
        <g key={level}>
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(level)}
            y2={y(level)}
            className="stroke-border"
            strokeDasharray={level === 0 ? undefined : "3 3"}
          />
          <text
            x={PAD.left - 6}
            y={y(level)}
            textAnchor="end"
            dominantBaseline="middle"
            className="fill-muted-foreground text-[10px]"
          >
            {formatNumber(level)}
          </text>
        </g>
      ))}
      {points.length > 1 ? (
        <polyline
          fill="none"
          stroke="currentColor"
          strokeWidth={2.5}
          strokeLinejoin="round"
          points={points.map((p, i) => `${x(i)},${y(p.percentile)}`).join(" ")}
        />
      ) : null}
      {points.map((p, i) => (
        <circle
          key={p.label}
          cx={x(i)}
          cy={y(p.percentile)}
          r={4}
          className="fill-background"
          stroke="currentColor"
          strokeWidth={2}
        />
      ))}
      {points.map((p, i) => (
        <text
          key={`n-${p.label}`}
          x={x(i)}
          y={HEIGHT - 4}
          textAnchor="middle"
          className="fill-muted-foreground text-[10px]"
        >
          {formatNumber(i + 1)}
        </text>
      ))}
    </svg>
  );
}
