import { describe, expect, it, vi } from "vitest";
import { downscaleImage, fitWithin, jpegName } from "./downscale-image.ts";

describe("fitWithin", () => {
  it("scales a portrait phone photo so its height is the long side", () => {
    expect(fitWithin(3024, 4032, 2000)).toEqual({ width: 1500, height: 2000 });
  });

  it("scales a landscape photo so its width is the long side", () => {
    expect(fitWithin(4000, 3000, 2000)).toEqual({ width: 2000, height: 1500 });
  });

  it("rounds to whole pixels and keeps the proportions", () => {
    expect(fitWithin(4031, 3023, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(3001, 1000, 2000)).toEqual({ width: 2000, height: 666 });
  });

  it("never scales a small image up, and keeps one at exactly the limit", () => {
    expect(fitWithin(800, 600, 2000)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(2000, 1000, 2000)).toEqual({ width: 2000, height: 1000 });
  });

  it("keeps a very thin strip at least one pixel wide", () => {
    expect(fitWithin(10, 100_000, 2000)).toEqual({ width: 1, height: 2000 });
  });

  it("scales a square to the limit on both sides", () => {
    expect(fitWithin(5000, 5000, 2000)).toEqual({ width: 2000, height: 2000 });
  });
});

describe("jpegName", () => {
  it("gives the upload a .jpg name", () => {
    expect(jpegName("IMG_0042.HEIC")).toBe("IMG_0042.jpg");
    expect(jpegName("page 1.png")).toBe("page 1.jpg");
    expect(jpegName("scan")).toBe("scan.jpg");
    expect(jpegName(".heic")).toBe("page.jpg");
  });
});

describe("downscaleImage", () => {
  it("returns the file unchanged when the browser cannot decode it (HEIC on Chrome)", async () => {
    vi.stubGlobal(
      "createImageBitmap",
      vi.fn(async () => {
        throw new DOMException("The source image could not be decoded.", "InvalidStateError");
      }),
    );
    const heic = new File([new Uint8Array([0, 0, 0, 24])], "IMG_1.HEIC", { type: "image/heic" });
    await expect(downscaleImage(heic)).resolves.toBe(heic);
  });

  it("returns the file unchanged where createImageBitmap does not exist", async () => {
    vi.stubGlobal("createImageBitmap", undefined);
    const photo = new File(["x"], "a.jpg", { type: "image/jpeg" });
    await expect(downscaleImage(photo)).resolves.toBe(photo);
  });

  it("decodes upright, draws at the fitted size on white and exports a JPEG at 0.85", async () => {
    const bitmap = { width: 3024, height: 4032, close: vi.fn() };
    const decode = vi.fn(async () => bitmap);
    vi.stubGlobal("createImageBitmap", decode);
    const calls: unknown[][] = [];
    const context = {
      fillStyle: "",
      imageSmoothingQuality: "",
      fillRect: (...args: unknown[]) => calls.push(["fillRect", ...args]),
      drawImage: (...args: unknown[]) => calls.push(["drawImage", ...args]),
    };
    const convertToBlob = vi.fn(async () => new Blob(["jpeg"], { type: "image/jpeg" }));
    const created: number[][] = [];
    vi.stubGlobal(
      "OffscreenCanvas",
      class {
        constructor(width: number, height: number) {
          created.push([width, height]);
        }
        getContext() {
          return context;
        }
        convertToBlob = convertToBlob;
      },
    );
    const photo = new File(["raw"], "IMG_7.png", { type: "image/png" });
    const result = await downscaleImage(photo);

    expect(decode).toHaveBeenCalledWith(photo, { imageOrientation: "from-image" });
    expect(created).toEqual([[1500, 2000]]);
    expect(context.fillStyle).toBe("#ffffff");
    expect(calls).toEqual([
      ["fillRect", 0, 0, 1500, 2000],
      ["drawImage", bitmap, 0, 0, 1500, 2000],
    ]);
    expect(convertToBlob).toHaveBeenCalledWith({ type: "image/jpeg", quality: 0.85 });
    expect(result).toBeInstanceOf(File);
    expect((result as File).name).toBe("IMG_7.jpg");
    expect(result.type).toBe("image/jpeg");
    expect(bitmap.close).toHaveBeenCalled();
  });
});
