import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id minimum (m=19 MiB, t=2, p=1). Algorithm 2 is Argon2id (a const enum upstream,
// which isolated modules cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(input: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(input.hash, input.password);
  } catch {
    // A malformed stored hash is a failed login, never a server error.
    return false;
  }
}
