import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type FeedbackRow, type NotificationPage, type RenewalPrompt } from '@dms/contract';
import { connectBox, eventually, hello, registerBoxes, send } from './boxes.js';
import { apiAs, buildTestApp, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

/** The app clock: 2026-05-14 10:00 UTC, so "today" is 2026-05-14. */
const NOW = Date.UTC(2026, 4, 14, 10, 0, 0);
const FORBIDDEN = 'You do not have permission to do this.';
const USERS = ['demo_root', 'demo_limited_admin', 'demo_manager', 'demo_afterSales', 'demo_market'];
/** demo_manager's box and card; demo_afterSales' box and card (a stranger to the first). */
const BOX_M = 7801;
const BOX_S = 7811;
const ICCID_M = '89860022223333440001';
const ICCID_S = '89860022223333440011';

interface FeedbackPage {
  total: number;
  items: FeedbackRow[];
}

/**
 * Renewal feedback, the renewal prompt and the cards' reminders (issue 22; docs/iot-cards.md): sent about a card the
 * user sees, one pending at a time; handled by root and limited_admin with a status and a reply that reaches the sender
 * as a notification; the top bar's count; root's prompt per language with {phone}, restored; reminders 30, 7 and 0
 * days before expiry, once each.
 */
describe.each(dialects)('renewal feedback, prompt and reminders on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const clients: MqttClient[] = [];
  const cardIds: Record<string, number> = {};
  const { call, ok, refused } = apiAs(() => t.app, tokens);
  const invalid = (user: string, method: 'POST' | 'PUT', url: string, payload: unknown, message: string, lang = 'en') =>
    refused(user, method, url, payload, { status: 400, code: Code.VALIDATION_FAILED, message }, lang);

  const count = (user: string) => ok<number>(user, 'GET', '/iot_card/get_feedback_num', undefined, { code: Code.TOPBAR_SUCCESS });
  const list = (user: string, query = '') => ok<FeedbackPage>(user, 'GET', `/iot_card/feedback?page_size=50${query}`);
  const sendFeedback = (user: string, iccid: string, kind = 'renewed', note = '') =>
    ok<FeedbackRow>(user, 'POST', '/iot_card/feedback', { cardId: cardIds[iccid], kind, note });
  const notices = async (user: string, kind: 'card' | 'feedback') => {
    await t.app.notify.creator.idle();
    return ok<NotificationPage>(user, 'GET', `/msg/notifications?kind=${kind}&page_size=50`);
  };
  const setExpiry = (iccid: string, expiresOn: string) =>
    ok(`demo_root`, 'PUT', `/iot_card/cards/${cardIds[iccid]}`, { provider: 'China Mobile', expiresOn });
  /** The clock moves on (days): the users sign in again, as their sessions would have ended. */
  const at = async (time: number) => {
    t.clock.now = time;
    for (const u of USERS) tokens[u] = await login(t.app, u);
  };
  const sweep = async () => {
    const told = await t.app.iotCards.reminders.sweep();
    await t.app.notify.creator.idle();
    return told;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    t.clock.now = NOW;
    const owned = [...(await registerBoxes(t.app, BOX_M, BOX_M)), ...(await registerBoxes(t.app, BOX_S, BOX_S, 'demo_afterSales'))];
    for (const [box, iccid] of [
      [owned[0], ICCID_M],
      [owned[1], ICCID_S],
    ] as const) {
      if (!box) throw new Error('a registered box');
      const client = await connectBox(t.app.mqttPort, box);
      clients.push(client);
      await send(client, box.boxId, 'hello', { ...hello([{ index: 1, type: 'screw-compressor' }]), iccid });
      await eventually(async () => {
        const row = await t.app.db.selectFrom('iot_cards').select('id').where('iccid', '=', iccid).executeTakeFirst();
        expect(row).toBeDefined();
        cardIds[iccid] = row?.id ?? 0;
      });
    }
    for (const u of USERS) tokens[u] = await login(t.app, u);
  });
  afterAll(async () => {
    for (const c of clients) await c.endAsync(true).catch(() => undefined);
    await t.close();
  });

  it('takes feedback about a card the user sees, one pending at a time, and refuses bad input by name', async () => {
    expect(await count('demo_manager')).toBe(0);
    const sent = await sendFeedback('demo_manager', ICCID_M, 'renewed', '  Paid for a year  ');
    expect(sent).toMatchObject({
      cardId: cardIds[ICCID_M],
      iccid: ICCID_M,
      boxId: BOX_M,
      kind: 'renewed',
      note: 'Paid for a year',
      sender: 'demo_manager',
      mine: true,
      status: 'pending',
      reply: '',
      handledBy: null,
      createdAt: NOW,
      handledAt: null,
    });
    // The top bar counts it, for its sender and for those who handle it (code 1000).
    expect(await count('demo_manager')).toBe(1);
    expect(await count('demo_root')).toBe(1);
    expect(await count('demo_limited_admin')).toBe(1);
    expect(await count('demo_afterSales')).toBe(0);

    await refused(
      'demo_manager',
      'POST',
      '/iot_card/feedback',
      { cardId: cardIds[ICCID_M], kind: 'please_renew' },
      {
        status: 409,
        code: Code.FEEDBACK_CONFLICT,
        message: 'You already sent feedback about this card; it has not been handled yet.',
      },
    );
    await invalid(
      'demo_manager',
      'POST',
      '/iot_card/feedback',
      { cardId: cardIds[ICCID_M], kind: 'paid' },
      'Choose renewed or please renew.',
    );
    await invalid('demo_manager', 'POST', '/iot_card/feedback', { kind: 'renewed' }, 'Choose the card.');
    await invalid(
      'demo_manager',
      'POST',
      '/iot_card/feedback',
      { cardId: cardIds[ICCID_M], kind: 'paid' },
      'Elija «renovada» o «renuévenla, por favor».',
      'es',
    );
    const tooLong = await call('demo_manager', 'POST', '/iot_card/feedback', {
      cardId: cardIds[ICCID_M],
      kind: 'renewed',
      note: 'x'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(400);
    // A card the user does not see is not found; market has no messages at all; without a token, 401.
    await refused(
      'demo_afterSales',
      'POST',
      '/iot_card/feedback',
      { cardId: cardIds[ICCID_M], kind: 'renewed' },
      {
        status: 404,
        code: Code.NOT_FOUND,
        message: 'Not found.',
      },
    );
    await refused(
      'demo_afterSales',
      'POST',
      '/iot_card/feedback',
      { cardId: 999_999, kind: 'renewed' },
      { status: 404, code: Code.NOT_FOUND, message: 'Not found.' },
    );
    await refused(
      'demo_market',
      'POST',
      '/iot_card/feedback',
      { cardId: cardIds[ICCID_M], kind: 'renewed' },
      {
        status: 403,
        code: Code.FORBIDDEN,
        message: FORBIDDEN,
      },
    );
    await refused('demo_market', 'GET', '/iot_card/get_feedback_num', undefined, { status: 403, code: Code.FORBIDDEN });
    for (const [method, url] of [
      ['GET', '/iot_card/get_feedback_num'],
      ['GET', '/iot_card/feedback'],
      ['POST', '/iot_card/feedback'],
      ['POST', '/iot_card/feedback/1/handle'],
      ['GET', '/iot_card/prompt'],
      ['PUT', '/iot_card/prompt'],
      ['DELETE', '/iot_card/prompt'],
    ] as const)
      expect((await call(null, method, url, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode, url).toBe(401);
    expect((await t.app.db.selectFrom('card_feedback').select('id').execute()).length).toBe(1);
  });

  it('lists what each user may see: all of it for root and limited_admin, their own for others; by status and words', async () => {
    await sendFeedback('demo_afterSales', ICCID_S, 'please_renew');
    const mine = await list('demo_manager');
    expect(mine.total).toBe(1);
    expect(mine.items.map((f) => f.iccid)).toEqual([ICCID_M]);
    expect((await list('demo_afterSales')).items.map((f) => f.iccid)).toEqual([ICCID_S]);
    const all = await list('demo_root');
    expect(all.total).toBe(2);
    expect(all.items.map((f) => [f.iccid, f.mine])).toEqual([
      [ICCID_S, false],
      [ICCID_M, false],
    ]);
    expect((await list('demo_limited_admin', `&query=${BOX_M}`)).items.map((f) => f.iccid)).toEqual([ICCID_M]);
    expect((await list('demo_root', '&query=aftersales')).items.map((f) => f.sender)).toEqual(['demo_afterSales']);
    expect((await list('demo_root', '&status=done')).total).toBe(0);
    await refused('demo_root', 'GET', '/iot_card/feedback?status=open', undefined, {
      status: 400,
      code: Code.VALIDATION_FAILED,
      message: 'Choose a status.',
    });
    await refused('demo_market', 'GET', '/iot_card/feedback', undefined, { status: 403, code: Code.FORBIDDEN, message: FORBIDDEN });
    expect(await count('demo_root')).toBe(2);
  });

  it('lets root and limited_admin handle pending feedback with a status and a reply the sender is told of, once', async () => {
    const [pending] = (await list('demo_manager')).items;
    if (!pending) throw new Error('the manager’s feedback');
    const url = `/iot_card/feedback/${pending.id}/handle`;
    await refused('demo_manager', 'POST', url, { status: 'done', reply: 'ok' }, { status: 403, code: Code.FORBIDDEN, message: FORBIDDEN });
    await invalid('demo_root', 'POST', url, { status: 'done', reply: '   ' }, 'Write a reply to the sender.');
    await invalid('demo_root', 'POST', url, { status: 'pending', reply: 'ok' }, 'Choose a status.');
    await refused(
      'demo_root',
      'POST',
      '/iot_card/feedback/999999/handle',
      { status: 'done', reply: 'ok' },
      {
        status: 404,
        code: Code.NOT_FOUND,
        message: 'Not found.',
      },
    );

    t.clock.now = NOW + 60_000;
    const handled = await ok<FeedbackRow>('demo_root', 'POST', url, { status: 'done', reply: ' Renewed until 2027-05-14. ' });
    expect(handled).toMatchObject({ status: 'done', reply: 'Renewed until 2027-05-14.', handledBy: 'demo_root', handledAt: NOW + 60_000 });
    await refused(
      'demo_limited_admin',
      'POST',
      url,
      { status: 'declined', reply: 'no' },
      {
        status: 409,
        code: Code.FEEDBACK_CONFLICT,
        message: 'This feedback has already been handled.',
      },
    );
    expect(await count('demo_manager')).toBe(0);
    expect(await count('demo_root')).toBe(1);

    // The sender is told, with the reply; no one else is.
    const told = await notices('demo_manager', 'feedback');
    expect(told.items).toHaveLength(1);
    expect(told.items[0]).toMatchObject({
      kind: 'feedback',
      status: 'done',
      boxId: BOX_M,
      card: { iccid: ICCID_M, reply: 'Renewed until 2027-05-14.' },
      time: NOW + 60_000,
      pushLimit: 1,
      repeating: false,
    });
    expect((await notices('demo_root', 'feedback')).total).toBe(0);
    expect((await notices('demo_afterSales', 'feedback')).total).toBe(0);
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['action', 'target', 'new_value'])
      .where('action', 'like', 'card.%')
      .execute();
    expect(log).toEqual(
      expect.arrayContaining([
        { action: 'card.feedback', target: ICCID_M, new_value: 'renewed' },
        { action: 'card.handle', target: ICCID_M, new_value: 'done: Renewed until 2027-05-14.' },
      ]),
    );
    // Handled, the card takes new feedback from its sender.
    expect((await sendFeedback('demo_manager', ICCID_M, 'please_renew')).status).toBe('pending');
  });

  it('keeps one pending feedback per card and sender when two sends race', async () => {
    await ok('demo_limited_admin', 'POST', `/iot_card/feedback/${(await list('demo_afterSales')).items[0]?.id}/handle`, {
      status: 'declined',
      reply: 'Please pay first.',
    });
    const results = await Promise.all(
      [1, 2, 3].map(() => call('demo_afterSales', 'POST', '/iot_card/feedback', { cardId: cardIds[ICCID_S], kind: 'renewed' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json()).toMatchObject({ message: 'You already sent feedback about this card; it has not been handled yet.' });
  });

  it('serves the product’s renewal prompt until root changes it per language and phone, and restores it', async () => {
    const product = await ok<RenewalPrompt>('demo_manager', 'GET', '/iot_card/prompt');
    expect(product.custom).toBe(false);
    expect(product.phone).toBe('400-000-0000');
    expect(product.texts.en).toBe(
      'This IoT card is about to expire or has expired. To renew it, please contact the provider’s engineer by phone: {phone}.',
    );
    for (const text of Object.values(product.texts)) expect(text).toContain('{phone}');

    const texts = {
      en: 'Call {phone} to renew.',
      zh: '续费请致电 {phone}。',
      ja: '更新は {phone} へ。',
      es: 'Llame al {phone} para renovar.',
    };
    await refused(
      'demo_limited_admin',
      'PUT',
      '/iot_card/prompt',
      { phone: '+86 10 1234 5678', texts },
      {
        status: 403,
        code: Code.FORBIDDEN,
        message: FORBIDDEN,
      },
    );
    await invalid(
      'demo_root',
      'PUT',
      '/iot_card/prompt',
      { phone: '+86 10 1234 5678', texts: { ...texts, ja: '更新してください。' } },
      'Each text must show where the phone number goes: {phone}.',
    );
    await invalid(
      'demo_root',
      'PUT',
      '/iot_card/prompt',
      { phone: 'call me', texts },
      'Enter a phone number: digits, spaces, brackets, dashes and a leading +.',
    );
    await invalid(
      'demo_root',
      'PUT',
      '/iot_card/prompt',
      { phone: '+86 10 1234 5678', texts: { ...texts, es: ' ' } },
      'Write the prompt in every language.',
    );
    expect((await ok<RenewalPrompt>('demo_manager', 'GET', '/iot_card/prompt')).custom).toBe(false);

    expect(await ok<RenewalPrompt>('demo_root', 'PUT', '/iot_card/prompt', { phone: ' +86 10 1234 5678 ', texts })).toEqual({
      phone: '+86 10 1234 5678',
      texts,
      custom: true,
    });
    expect(await ok<RenewalPrompt>('demo_manager', 'GET', '/iot_card/prompt')).toEqual({ phone: '+86 10 1234 5678', texts, custom: true });
    await refused('demo_market', 'GET', '/iot_card/prompt', undefined, { status: 403, code: Code.FORBIDDEN, message: FORBIDDEN });
    await refused('demo_limited_admin', 'DELETE', '/iot_card/prompt', undefined, { status: 403, code: Code.FORBIDDEN, message: FORBIDDEN });
    expect(await ok<RenewalPrompt>('demo_root', 'DELETE', '/iot_card/prompt')).toEqual(product);
    expect(await ok<RenewalPrompt>('demo_afterSales', 'GET', '/iot_card/prompt')).toEqual(product);
    const log = await t.app.db.selectFrom('operation_log').select('new_value').where('action', '=', 'card.prompt').orderBy('id').execute();
    expect(log.map((l) => l.new_value)).toEqual(['+86 10 1234 5678', 'default']);
  });

  it('reminds those who reach a box 30, 7 and 0 days before its card expires, once each', async () => {
    await at(NOW);
    // 20 days ahead: the 30-day reminder; sweeping again (or another instance) tells no one twice.
    await setExpiry(ICCID_M, '2026-06-03');
    await setExpiry(ICCID_S, '2026-08-01');
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(1);
    const first = await notices('demo_manager', 'card');
    expect(first.items.map((n) => [n.status, n.card?.iccid, n.card?.expiresOn])).toEqual([['in_30_days', ICCID_M, '2026-06-03']]);
    expect(first.items[0]).toMatchObject({ boxId: BOX_M, time: Date.UTC(2026, 4, 4), readAt: null });
    // Root sees every device, so it is told too; the stranger is not.
    expect((await notices('demo_root', 'card')).items.map((n) => n.card?.iccid)).toEqual([ICCID_M]);
    expect((await notices('demo_afterSales', 'card')).total).toBe(0);

    // 7 days before, then the day itself: one more each.
    await at(Date.UTC(2026, 4, 27, 8));
    await sweep();
    await sweep();
    await at(Date.UTC(2026, 5, 3, 23));
    await sweep();
    // The day after, the card is expired: no more.
    await at(Date.UTC(2026, 5, 4, 1));
    expect(await sweep()).toBe(0);
    expect((await notices('demo_manager', 'card')).items.map((n) => n.status)).toEqual(['today', 'in_7_days', 'in_30_days']);
    const stored = await t.app.db.selectFrom('notifications').select('id').where('type', '=', 'card').execute();
    expect(stored).toHaveLength(3);

    // A card dated 5 days ahead is told "7 days", not a late "30 days"; its new date starts its reminders afresh.
    await setExpiry(ICCID_M, '2026-06-09');
    await sweep();
    expect((await notices('demo_manager', 'card')).items.map((n) => [n.status, n.card?.expiresOn])[0]).toEqual(['in_7_days', '2026-06-09']);
    expect(await t.app.db.selectFrom('notifications').select('id').where('type', '=', 'card').execute()).toHaveLength(4);
  });

  it('renders the card kinds’ e-mail from their templates with the card’s placeholders', async () => {
    const preview = await ok<{ subject: string; body: string }>('demo_root', 'POST', '/notice/templates/preview', {
      kind: 'feedback',
      language: 'en',
      subject: 'Feedback {status}: {iccid}',
      body: '{reply} ({box})',
    });
    expect(preview).toEqual({ subject: 'Feedback done: 89860000000000000001', body: 'Renewed for 12 months. (100001)' });
    const card = await ok<{ subject: string; body: string }>('demo_root', 'POST', '/notice/templates/preview', {
      kind: 'card',
      language: 'en',
      subject: '{iccid} {status}',
      body: '{expires}',
    });
    expect(card.subject).toBe('89860000000000000001 expires in 7 days');
    expect(card.body).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
