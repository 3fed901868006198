import type { ClaimLabel } from '@dms/contract';
import { useEffect, useState } from 'react';
import { qrDataUrl } from '@/lib/qr-code';
import type { LabelWords } from './qr';

/** One printed page of labels: each its QR code, its box id, the code a person types, and what to do with it. */
export function LabelSheet({ labels, words }: { labels: readonly ClaimLabel[]; words: LabelWords }) {
  return (
    <div className="dms-label-grid">
      {labels.map((label) => (
        <Label key={label.boxId} label={label} words={words} />
      ))}
    </div>
  );
}

function Label({ label, words }: { label: ClaimLabel; words: LabelWords }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrDataUrl(label.payload).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [label.payload]);
  return (
    <div className="dms-label" data-testid={`label-${label.boxId}`} data-ready={src !== null}>
      {src && <img src={src} alt={label.payload} className="dms-label-qr" />}
      <div className="dms-label-text">
        <strong>{words.box(label.boxId)}</strong>
        <code>{label.code}</code>
        <small>{words.hint}</small>
      </div>
    </div>
  );
}
