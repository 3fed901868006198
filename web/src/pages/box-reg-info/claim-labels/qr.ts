import QRCode from 'qrcode';
import type { ClaimLabel } from '@dms/contract';

/** The words a label prints besides its code: its box, and what to do with it (in the console's language). */
export interface LabelWords {
  box: (boxId: number) => string;
  hint: string;
}

/** Labels per printed page: three across, eight down (A4, 70 × 37 mm labels). */
export const PER_PAGE = 24;
const COLUMNS = 3;
/** A page as a PNG: pixels per label, and the gap around them. */
const CELL = { w: 700, h: 370 };
const QR_PX = 300;

/**
 * One page of labels as a PNG, drawn as printed: each label's QR code, its box id and the code a person types, and
 * what to do with it.
 */
export async function pagePng(labels: readonly ClaimLabel[], words: LabelWords): Promise<Blob> {
  const rows = Math.ceil(labels.length / COLUMNS);
  const canvas = document.createElement('canvas');
  canvas.width = CELL.w * COLUMNS;
  canvas.height = CELL.h * rows;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  for (const [i, label] of labels.entries()) {
    const x = (i % COLUMNS) * CELL.w;
    const y = Math.floor(i / COLUMNS) * CELL.h;
    ctx.strokeStyle = '#bbb';
    ctx.strokeRect(x + 4, y + 4, CELL.w - 8, CELL.h - 8);
    const qr = document.createElement('canvas');
    await QRCode.toCanvas(qr, label.payload, { errorCorrectionLevel: 'M', margin: 2, width: QR_PX });
    ctx.drawImage(qr, x + 24, y + (CELL.h - QR_PX) / 2);
    ctx.fillStyle = '#000';
    ctx.font = 'bold 40px sans-serif';
    ctx.fillText(words.box(label.boxId), x + QR_PX + 40, y + 110);
    ctx.font = '30px monospace';
    ctx.fillText(label.code, x + QR_PX + 40, y + 180);
    ctx.font = '22px sans-serif';
    ctx.fillText(words.hint, x + QR_PX + 40, y + 240, CELL.w - QR_PX - 60);
  }
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve(blob);
      else reject(new Error('no PNG'));
    }, 'image/png');
  });
}
