import { isMessageKey, message as serverMessage, validationIssue, type Language } from '@dms/contract';
import { z } from 'zod';

/*
 * A form's problems at the paths of the body it sends (the contract's schema checked in the browser, and the
 * server's refusals by the paths they name): found, said in the user's language, and dropped as fields are edited.
 */

/** A problem of a draft: the body path and the message key the schema gave. */
export interface Problem {
  path: string;
  key: string;
}

/** The shape of a refusal's problems (the envelope's `data.issues`). */
export const issuesOf = z.object({ issues: z.array(validationIssue) });

/** Problems from a schema's failed parse, at their dotted paths. */
export function problemsOf(error: z.ZodError): Problem[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), key: issue.message }));
}

/** A problem's message in the user's language, naming its field (`field`: the field's label). */
export function problemText(problem: Problem, lang: Language, field: string): string {
  return isMessageKey(problem.key) ? serverMessage(lang, problem.key, { field }) : serverMessage(lang, 'validation.invalid', { field });
}

/** Whether a problem at `key` is about what was edited at `path` (the field, a part of it, or what holds it). */
export const touches = (key: string, path: string) => key === path || path.startsWith(`${key}.`) || key.startsWith(`${path}.`);

/** The first problem at `prefix` or under it. */
export function under(issues: ReadonlyMap<string, string>, prefix: string): string | undefined {
  for (const [key, text] of issues) if (key === prefix || key.startsWith(`${prefix}.`)) return text;
  return undefined;
}
