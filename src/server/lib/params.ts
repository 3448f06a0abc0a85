import { z } from "zod";

/** Route params that must be UUIDs: a malformed id is a 404, never a database error. */
export const idParamSchema = z.object({ id: z.uuid() });
