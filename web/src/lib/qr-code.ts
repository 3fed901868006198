import QRCode from 'qrcode';

/** A QR code of `payload` as an SVG data URL, drawn here (offline): error correction M, so a worn or creased print still reads. */
export async function qrDataUrl(payload: string): Promise<string> {
  const svg = await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
