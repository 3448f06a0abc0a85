import { afterEach, describe, expect, it } from "vitest";
import { ApiError, unwrap } from "./api.ts";
import { applyLanguage } from "./i18n.ts";

const refusal = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 403 })) as never;

describe("an API error with values", () => {
  afterEach(() => applyLanguage("en"));

  it("reads in the interface language when the body carries a marked text", async () => {
    const body = {
      error: {
        code: "FORBIDDEN",
        message:
          "You have used all 3 attempts at this exam that your Pro plan allows. Choose a plan with more attempts to try it again.",
        text: {
          key: "You have used all {{count}} attempts at this exam that your {{plan}} plan allows. Choose a plan with more attempts to try it again.",
          values: { count: 3, plan: "Pro" },
        },
      },
    };
    const english = await unwrap(refusal(body)).catch((e: unknown) => e);
    expect(english).toBeInstanceOf(ApiError);
    expect((english as ApiError).message).toBe(body.error.message);
    await applyLanguage("hi");
    const hindi = (await unwrap(refusal(body)).catch((e: unknown) => e)) as ApiError;
    expect(hindi.message).toBe(
      "आप इस परीक्षा के वे सभी 3 प्रयास कर चुके हैं जो आपका Pro प्लान देता है। इसे फिर से देने के लिए अधिक प्रयासों वाला प्लान चुनें।",
    );
  });
});
