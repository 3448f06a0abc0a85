import { describe, expect, it } from "vitest";
import { loadEnv } from "../env.ts";
import { listTrustedOrigins } from "./trusted-origins.ts";

describe("trusted origins", () => {
  it("without PUBLIC_URL: the loopback names on the app's port", () => {
    expect(listTrustedOrigins({ publicUrl: undefined, port: 3000, extra: [] })).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ]);
  });

  it("with PUBLIC_URL: only its origin, plus TRUSTED_ORIGINS", () => {
    expect(
      listTrustedOrigins({
        publicUrl: "https://exams.example.com/app/",
        port: 3000,
        extra: ["http://192.168.1.20:3000/", "https://exams.example.com"],
      }),
    ).toEqual(["https://exams.example.com", "http://192.168.1.20:3000"]);
  });

  it("is read from the environment, and a bad entry fails with the setting's name", () => {
    expect(
      loadEnv({ PORT: "4000", TRUSTED_ORIGINS: "http://10.0.0.5:4000" }).trustedOrigins,
    ).toEqual([
      "http://localhost:4000",
      "http://127.0.0.1:4000",
      "http://[::1]:4000",
      "http://10.0.0.5:4000",
    ]);
    expect(() => loadEnv({ TRUSTED_ORIGINS: "10.0.0.5:4000, nope" })).toThrow(
      /TRUSTED_ORIGINS.*comma-separated list of origins/,
    );
  });
});
