import { Code, LANGUAGES, message, renewalPrompt, type RenewalPrompt, type renewalPromptBody } from '@dms/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';

/** The phone number the product's prompt names until root sets theirs (docs/iot-cards.md "The renewal prompt"). */
export const DEFAULT_PHONE = '400-000-0000';
const KEY = 'prompt';
const PLACEHOLDER = '{phone}';

/** The product's prompt (spec 9): each language's text, telling users to call the provider's engineer at {phone}. */
export function defaultPrompt(): RenewalPrompt {
  const texts = Object.fromEntries(LANGUAGES.map((l) => [l, message(l, 'iotCard.prompt.default')])) as RenewalPrompt['texts'];
  return { phone: DEFAULT_PHONE, texts, custom: false };
}

/**
 * The renewal prompt shown where a card expires (spec 9; issue 22): root's text per language and phone number
 * (`iot_card_settings`, key `prompt`), or the product's, which root can restore. Each text must name {phone}.
 */
export class PromptService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly audit: Audit,
  ) {}

  async get(): Promise<RenewalPrompt> {
    const row = await this.db.selectFrom('iot_card_settings').select('value').where('key', '=', KEY).executeTakeFirst();
    if (!row) return defaultPrompt();
    const saved = renewalPrompt.omit({ custom: true }).safeParse(JSON.parse(row.value));
    return saved.success ? { ...saved.data, custom: true } : defaultPrompt();
  }

  async set(auth: AuthContext, body: z.output<typeof renewalPromptBody>, ip: string): Promise<RenewalPrompt> {
    if (Object.values(body.texts).some((text) => !text.includes(PLACEHOLDER)))
      throw new AppError(Code.VALIDATION_FAILED, 'validation.prompt.placeholder', { placeholder: PLACEHOLDER });
    const value = JSON.stringify({ phone: body.phone, texts: body.texts });
    const now = this.now();
    await this.db
      .insertInto('iot_card_settings')
      .values({ key: KEY, value, updated_at: now, updated_by: auth.user.username })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now, updated_by: auth.user.username }))
      .execute();
    await this.audit.record({ user: auth.user, action: 'card.prompt', target: 'prompt', newValue: body.phone, outcome: 'ok', ip });
    return this.get();
  }

  async restore(auth: AuthContext, ip: string): Promise<RenewalPrompt> {
    await this.db.deleteFrom('iot_card_settings').where('key', '=', KEY).execute();
    await this.audit.record({ user: auth.user, action: 'card.prompt', target: 'prompt', newValue: 'default', outcome: 'ok', ip });
    return defaultPrompt();
  }
}
