import { api, unwrap } from "@web/lib/api.ts";

/** The signed-in user accepts a mentor invitation sent to their address (decision 042). */
export const acceptMentorInvitation = (token: string) =>
  unwrap(api.mentor.invitations.accept.$post({ json: { token } }));
