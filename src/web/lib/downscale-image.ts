import { COPY_IMAGE_LONG_SIDE } from "../../shared/evaluation.ts";

/** JPEG quality of a downscaled photo: handwriting stays sharp at a fraction of the bytes. */
export const DOWNSCALE_JPEG_QUALITY = 0.85;

/**
 * The size a `width` × `height` image is drawn at so that its long side is at most `longSide`,
 * keeping its proportions (whole pixels, at least one). An image already small enough keeps its
 * size: nothing is ever scaled up.
 */
export function fitWithin(
  width: number,
  height: number,
  longSide: number,
): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= longSide || long <= 0) return { width, height };
  const scale = longSide / long;
  return {
    width: Math.max(1, Math.min(longSide, Math.round(width * scale))),
    height: Math.max(1, Math.min(longSide, Math.round(height * scale))),
  };
}

/** `page 1.HEIC` → `page 1.jpg`: the name the re-encoded photo is uploaded under. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, "");
  return `${base || "page"}.jpg`;
}

type Canvas2D = {
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
  toBlob: () => Promise<Blob | null>;
};

function makeCanvas(width: number, height: number): Canvas2D | null {
  const options = { type: "image/jpeg", quality: DOWNSCALE_JPEG_QUALITY };
  if (typeof OffscreenCanvas !== "undefined") {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d");
    if (context) return { context, toBlob: () => canvas.convertToBlob(options).catch(() => null) };
  }
  if (typeof document === "undefined") return null;
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return null;
  return {
    context,
    toBlob: () => new Promise((resolve) => canvas.toBlob(resolve, options.type, options.quality)),
  };
}

/**
 * A photo of an answer page made ready for upload: decoded by the browser (turned upright by its
 * EXIF orientation), drawn so its long side is at most `longSide` pixels, on white (a
 * transparent PNG would turn black), and exported as a JPEG. Re-encoding also drops the photo's
 * metadata (a phone's GPS position among it).
 *
 * A file the browser cannot decode (HEIC on Chrome and Android, or no canvas at all) comes back
 * unchanged: the server converts HEIC itself and checks every upload's content.
 */
export async function downscaleImage(
  file: File,
  longSide: number = COPY_IMAGE_LONG_SIDE,
): Promise<Blob> {
  if (typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height, longSide);
    const canvas = makeCanvas(size.width, size.height);
    if (!canvas) return file;
    canvas.context.fillStyle = "#ffffff";
    canvas.context.fillRect(0, 0, size.width, size.height);
    canvas.context.imageSmoothingQuality = "high";
    canvas.context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await canvas.toBlob();
    if (!blob || blob.size === 0) return file;
    return new File([blob], jpegName(file.name), { type: "image/jpeg" });
  } finally {
    bitmap.close();
  }
}
