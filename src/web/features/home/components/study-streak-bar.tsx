import { Button } from "@web/components/ui/button.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { Flame } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_DAILY_GOAL_HOURS } from "../../../../shared/home.ts";
import { useStudyStreak, useUpdateStudyGoal } from "../api/study-streak.ts";

function Bar(props: {
  studied: number;
  goal: number;
  streakDays?: number;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const percent = Math.min(100, Math.round((props.studied / props.goal) * 100));
  // Spec: 'Amazing! You've hit your daily goal!' or 'Keep going! Just N hours more...'.
  const left = Math.ceil((props.goal - props.studied) * 10) / 10;
  const studied = Math.round(props.studied * 10) / 10;
  return (
    <section
      aria-labelledby="streak-title"
      className="grid gap-2 rounded-lg border border-border bg-background p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="streak-title" className="flex items-center gap-2 font-semibold">
          <Flame className="size-5 text-orange-500" aria-hidden="true" /> {t("Study streak")}
          {props.streakDays !== undefined ? (
            <span className="text-sm font-normal text-muted-foreground">
              ·{" "}
              {props.streakDays === 1
                ? t("1 day in a row")
                : t("{{days}} days in a row", { days: props.streakDays })}
            </span>
          ) : null}
        </h2>
        <span className="text-sm font-medium">
          {t("{{studied}} of {{goal}} hours today", { studied, goal: props.goal })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t("Today's study time")}
        aria-valuemin={0}
        aria-valuemax={props.goal}
        aria-valuenow={studied}
        className="h-3 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-orange-500 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-muted-foreground">
        {props.studied >= props.goal
          ? t("Amazing! You've hit your daily goal!")
          : t("Keep going! Just {{hours}} hours more...", { hours: left })}
      </p>
      {props.children}
    </section>
  );
}

/**
 * A signed-in student's real numbers. Visitors get an invitation instead (no made-up streak);
 * until the numbers load the bar shows 0 of the default goal.
 */
export function StudyStreakBar() {
  const { t } = useTranslation();
  const streak = useStudyStreak(true);
  const updateGoal = useUpdateStudyGoal();
  const [isEditing, setIsEditing] = useState(false);
  if (!streak.data) return <Bar studied={0} goal={DEFAULT_DAILY_GOAL_HOURS} />;
  return (
    <Bar
      studied={streak.data.studiedHours}
      goal={streak.data.goalHours}
      streakDays={streak.data.streakDays}
    >
      {isEditing ? (
        <div className="flex items-center gap-2">
          <label htmlFor="goal-hours" className="text-sm">
            {t("Daily goal")}
          </label>
          <Select
            id="goal-hours"
            className="w-28"
            defaultValue={streak.data.goalHours}
            onChange={async (e) => {
              try {
                await updateGoal.mutateAsync(Number(e.target.value));
                setIsEditing(false);
              } catch (error) {
                notify.error(t("Error saving goal"), errorMessage(error));
              }
            }}
          >
            {Array.from({ length: 24 }, (_, i) => i + 1).map((h) => (
              <option key={h} value={h}>
                {h === 1 ? t("1 hour") : t("{{hours}} hours", { hours: h })}
              </option>
            ))}
          </Select>
        </div>
      ) : (
        <Button
          variant="link"
          size="sm"
          className="h-auto justify-self-start p-0"
          onClick={() => setIsEditing(true)}
        >
          {t("Change daily goal")}
        </Button>
      )}
    </Bar>
  );
}
