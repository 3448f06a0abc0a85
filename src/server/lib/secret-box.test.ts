import { describe, expect, it } from "vitest";
import { createSecretBox } from "./secret-box.ts";

const box = createSecretBox("server-secret-server-secret-server-secret");

describe("secret box", () => {
  it("round-trips and never stores the plaintext", () => {
    const sealed = box.seal("rzp_secret_value_123", "razorpay.key_secret");
    expect(sealed.startsWith("v1:")).toBe(true);
    expect(sealed).not.toContain("rzp_secret_value_123");
    expect(box.open(sealed, "razorpay.key_secret")).toBe("rzp_secret_value_123");
  });

  it("uses a fresh IV each time", () => {
    expect(box.seal("same", "c")).not.toBe(box.seal("same", "c"));
  });

  it("refuses another context, another key and an altered value", () => {
    const sealed = box.seal("secret", "razorpay.key_secret");
    expect(() => box.open(sealed, "razorpay.webhook_secret")).toThrow();
    const other = createSecretBox("another-server-secret-another-server-secret");
    expect(() => other.open(sealed, "razorpay.key_secret")).toThrow();
    const raw = Buffer.from(sealed.slice(3), "base64url");
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => box.open(`v1:${raw.toString("base64url")}`, "razorpay.key_secret")).toThrow();
    expect(() => box.open("plaintext", "razorpay.key_secret")).toThrow();
  });
});
