import { isCardKind, message, type Language, type NotificationKind } from '@dms/contract';

/** The made-up card of the card kinds' previews. */
const SAMPLE_ICCID = '89860000000000000001';
const SAMPLE_STATUS: Partial<Record<NotificationKind, string>> = {
  event: 'started',
  recover: 'online',
  online: 'online',
  offline: 'offline',
  card: 'in_7_days',
  feedback: 'done',
};

/** A sample notification for previews and tests: a compressor of a made-up company, faulting now. */
export function sample(kind: NotificationKind, lang: Language, now: number) {
  return {
    kind,
    status: SAMPLE_STATUS[kind] ?? 'online_fault',
    boxId: 100001,
    controller: 1,
    company: message(lang, 'notify.sample.company'),
    rule: message(lang, 'notify.sample.rule'),
    time: now,
    changes: 1,
    path: '/devices/controller/100001/1',
    card: isCardKind(kind)
      ? {
          iccid: SAMPLE_ICCID,
          expiresOn: new Date(now + 7 * 86_400_000).toISOString().slice(0, 10),
          reply: kind === 'feedback' ? message(lang, 'notify.sample.reply') : null,
        }
      : null,
  };
}
