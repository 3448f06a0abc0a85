import accommodations from "./accommodations.json";
import account from "./account.json";
import admin from "./admin.json";
import adminContent from "./admin-content.json";
import adminEvaluation from "./admin-evaluation.json";
import adminRest from "./admin-rest.json";
import answerCopy from "./answer-copy.json";
import answerEvaluation from "./answer-evaluation.json";
import app from "./app.json";
import common from "./common.json";
import courses from "./courses.json";
import discussions from "./discussions.json";
import evaluation from "./evaluation.json";
import exam from "./exam.json";
import invoices from "./invoices.json";
import keyChanges from "./key-changes.json";
import legal from "./legal.json";
import library from "./library.json";
import liveClasses from "./live-classes.json";
import liveTests from "./live-tests.json";
import mainsCalibration from "./mains-calibration.json";
import mainsMarking from "./mains-marking.json";
import mainsResults from "./mains-results.json";
import mainsTests from "./mains-tests.json";
import mentor from "./mentor.json";
import notifications from "./notifications.json";
import onboarding from "./onboarding.json";
import practice from "./practice.json";
import pwa from "./pwa.json";
import pyq from "./pyq.json";
import questionReports from "./question-reports.json";
import referrals from "./referrals.json";
import revision from "./revision.json";
import student from "./student.json";

/**
 * The Hindi catalog: English text (the spec's exact words) to Hindi, one file per area so areas
 * are translated side by side without touching each other's file. Keys follow i18next: `{{name}}`
 * is a value, `_one`/`_other` suffixes are plural forms. `npm run lint` (scripts/check-i18n.ts)
 * checks that every key the code uses is here, and that no two files translate a key differently.
 */
export const HINDI_AREAS: Record<string, Record<string, string>> = {
  accommodations,
  account,
  admin,
  adminContent,
  adminEvaluation,
  adminRest,
  answerCopy,
  answerEvaluation,
  app,
  common,
  courses,
  discussions,
  evaluation,
  exam,
  invoices,
  keyChanges,
  legal,
  liveClasses,
  liveTests,
  mainsCalibration,
  mainsMarking,
  mainsResults,
  mainsTests,
  library,
  mentor,
  notifications,
  onboarding,
  practice,
  pwa,
  pyq,
  questionReports,
  referrals,
  revision,
  student,
};

export const HINDI: Record<string, string> = Object.assign({}, ...Object.values(HINDI_AREAS));
