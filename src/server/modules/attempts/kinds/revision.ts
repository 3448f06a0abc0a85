import { REVISION_MESSAGES } from "../../../../shared/practice.ts";
import { setKind } from "./sets.ts";

/** A revision session of notebook cards (decision 041): grading rates each card it holds. */
export const revisionKind = setKind("revision", "revisionId", REVISION_MESSAGES, "rates");
