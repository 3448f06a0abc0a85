import type { HttpBindings } from "@hono/node-server";
import type { Role } from "../../shared/constants.ts";

/** Who is calling, resolved once per request from the session cookie and the profile row. */
export type Viewer = {
  userId: string;
  email: string;
  emailVerified: boolean;
  fullName: string | null;
  role: Role;
  sessionId: string;
};

export type AppEnv = {
  Bindings: Partial<HttpBindings>;
  Variables: { viewer: Viewer | null; requestId: string };
};
