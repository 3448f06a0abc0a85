import { describe, expect, it } from "vitest";
import { totpCode } from "./totp.ts";

describe("the tests' TOTP generator", () => {
  it("matches RFC 6238's SHA-1 test vectors (last six digits)", () => {
    // RFC 6238 appendix B: the ASCII secret "12345678901234567890", in base32.
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    expect(totpCode(secret, 59_000)).toBe("287082");
    expect(totpCode(secret, 1_111_111_109_000)).toBe("081804");
    expect(totpCode(secret, 1_234_567_890_000)).toBe("005924");
    expect(totpCode(secret, 20_000_000_000_000)).toBe("353130");
  });
});
