import { PRACTICE_MESSAGES } from "../../../../shared/practice.ts";
import { setKind } from "./sets.ts";

/** A practice test the student built (decision 041): its wrong and unsure answers feed the notebook. */
export const practiceKind = setKind("practice", "practiceId", PRACTICE_MESSAGES, "collects");
