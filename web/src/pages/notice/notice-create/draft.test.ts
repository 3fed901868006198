import { describe, expect, it } from 'vitest';
import { bodyOf, checkDraft, draftOf, handedUsers, newDraft } from './draft';

describe('the announcement form’s draft', () => {
  it('says what is missing, at the paths the server names', () => {
    const empty = checkDraft(newDraft());
    expect(empty.ok).toBe(false);
    if (empty.ok) return;
    expect(empty.problems.map((p) => [p.path, p.key])).toEqual([['texts', 'validation.announcement.text']]);

    const d = newDraft();
    d.type = 'device';
    d.texts.es = { title: '', body: 'Solo el texto' };
    const checked = checkDraft(d);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems.map((p) => [p.path, p.key])).toEqual(
      expect.arrayContaining([
        ['texts.es.title', 'validation.announcement.title'],
        ['deviceIds', 'validation.announcement.devices'],
      ]),
    );
  });

  it('sends only the languages written and the audience of its type', () => {
    const d = newDraft();
    d.type = 'personal';
    d.texts.zh = { title: '停机', body: '' };
    d.users = [{ id: 7, username: 'someone' }];
    d.devices = [{ id: 3, boxId: 1, controller: 1, company: '' }];
    const checked = checkDraft(d);
    expect(checked).toEqual({
      ok: true,
      body: { type: 'personal', pin: 'none', expiresAt: null, texts: { zh: { title: '停机', body: '' } }, deviceIds: [], userIds: [7] },
    });
  });

  it('a saved announcement comes back as the same body', () => {
    const saved = {
      id: 1,
      type: 'device' as const,
      pin: 'super_top' as const,
      state: 'published' as const,
      expiresAt: 2_000_000_000_000,
      texts: { en: { title: 'Shutdown', body: '**Sunday**' }, ja: { title: '停止', body: '' } },
      devices: [{ id: 3, boxId: 1, controller: 1, company: 'Acme' }],
      users: [],
      reached: 2,
      read: 1,
    };
    expect(bodyOf(draftOf(saved))).toEqual({
      type: 'device',
      pin: 'super_top',
      expiresAt: 2_000_000_000_000,
      texts: saved.texts,
      deviceIds: [3],
      userIds: [],
    });
  });
});

describe('handedUsers', () => {
  it('reads <id>:<username> pairs, commas between, and leaves out anything else', () => {
    expect(handedUsers('12:alice,34:bob_2,x:y,56:,7:bad name')).toEqual([
      { id: 12, username: 'alice' },
      { id: 34, username: 'bob_2' },
    ]);
    expect(handedUsers(null)).toEqual([]);
  });
});
