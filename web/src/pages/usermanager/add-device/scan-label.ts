import jsQR from 'jsqr';
import { parseLabel } from '@dms/contract';

/** What a picture showed: one of this product's labels, a QR code that is not one, or no code at all. */
export type ScanResult = { kind: 'label'; boxId: number; claim: string } | { kind: 'foreign' } | { kind: 'none' };

/** Longest side a photo is decoded at: a phone's 12-megapixel photo is scaled down, which also speeds jsQR up. */
const MAX_SIDE = 1600;

/** Reads a QR code in a frame of pixels (a camera frame, a photo drawn to a canvas). */
export function scanPixels(image: ImageData): ScanResult {
  const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' });
  if (!code) return { kind: 'none' };
  const label = parseLabel(code.data);
  return label ? { kind: 'label', ...label } : { kind: 'foreign' };
}

/** Draws `source` (a video frame or a decoded photo) at most MAX_SIDE wide or high, and reads its pixels. */
export function pixelsOf(
  source: CanvasImageSource,
  width: number,
  height: number,
  canvas = document.createElement('canvas'),
): ImageData | null {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

/** Reads the label in an uploaded photo (any image the browser decodes: JPEG, PNG, WebP, HEIC where supported). */
export async function scanPhoto(file: Blob): Promise<ScanResult> {
  const bitmap = await createImageBitmap(file);
  try {
    const pixels = pixelsOf(bitmap, bitmap.width, bitmap.height);
    return pixels ? scanPixels(pixels) : { kind: 'none' };
  } finally {
    bitmap.close();
  }
}
