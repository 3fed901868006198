import type { Rule } from 'antd/es/form';
import { message as serverMessage, type Language, type MessageKey } from '@dms/contract';

/** An antd rule from one of the contract's field checks (spec 5): the same message the server would answer. */
export function contractRule(problem: (value: string) => MessageKey | null, lang: Language): Rule {
  return {
    validator: (_r, value: unknown) => {
      const key = problem(typeof value === 'string' ? value : '');
      return key ? Promise.reject(new Error(serverMessage(lang, key))) : Promise.resolve();
    },
  };
}
