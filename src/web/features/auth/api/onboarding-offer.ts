import { api, unwrap } from "@web/lib/api.ts";

/**
 * Right after a sign-in: whether to take the student to onboarding. The server says yes once, to
 * a student who has not finished or skipped it (an admin is never offered it).
 */
export async function claimOnboardingOffer(): Promise<boolean> {
  try {
    return (await unwrap(api.onboarding.offer.$post())).offer;
  } catch {
    // Onboarding is an offer: a failed check never stands between a student and the app.
    return false;
  }
}
