import { describe, expect, it } from "vitest";
import { ATTEMPT_KINDS } from "../../../../shared/attempt-kinds.ts";
import { ATTEMPT_KIND_FACTS } from "./facts.ts";
import { ATTEMPT_KIND_MODULES } from "./index.ts";

describe("the attempt kinds' modules", () => {
  it("has one module and one set of facts per kind, and no other", () => {
    expect(Object.keys(ATTEMPT_KIND_MODULES).sort()).toEqual([...ATTEMPT_KINDS].sort());
    expect(Object.keys(ATTEMPT_KIND_FACTS).sort()).toEqual([...ATTEMPT_KINDS].sort());
  });

  it("carries each kind's own facts", () => {
    for (const kind of ATTEMPT_KINDS) {
      const { resultBadge, resultLinkLabel, reviewFeedsRevision } = ATTEMPT_KIND_MODULES[kind];
      expect({ resultBadge, resultLinkLabel, reviewFeedsRevision }).toEqual(
        ATTEMPT_KIND_FACTS[kind],
      );
    }
  });

  it("starts each kind on the common start screen or on its own", () => {
    for (const kind of ATTEMPT_KINDS) {
      const module = ATTEMPT_KIND_MODULES[kind];
      expect(Boolean(module.startModel) || Boolean(module.startScreen)).toBe(true);
    }
  });
});
