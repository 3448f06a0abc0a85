import { describe, expect, it } from "vitest";
import { ApiError } from "./api.ts";
import { errorMessage } from "./error-message.ts";

describe("errorMessage", () => {
  it("says the server's message, or any error's, else the fallback", () => {
    expect(errorMessage(new ApiError(409, "CONFLICT", "Plan has subscribers."), "x")).toBe(
      "Plan has subscribers.",
    );
    expect(errorMessage(new Error("boom"), "x")).toBe("boom");
    expect(errorMessage("not an error", "Test failed.")).toBe("Test failed.");
    expect(errorMessage(new Error(""))).toBeUndefined();
  });
});
