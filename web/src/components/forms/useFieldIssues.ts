import { useMemo, useState } from 'react';
import { useI18n } from '@/i18n';
import { problemText, touches, under, type Problem } from './issues';

/**
 * A form's problems at its fields: those of its own check (`problems`, said in the user's language naming the field by
 * `labelOf`) and those of the server's refusal (`showServer`), the server's going as the fields they name are edited
 * (`edited`). `item` gives a Form.Item its label, status and help.
 */
export function useFieldIssues(problems: readonly Problem[] | null, labelOf: (path: string) => string) {
  const { lang } = useI18n();
  const [server, setServer] = useState<ReadonlyMap<string, string>>(new Map());
  const local = useMemo(() => {
    const issues = new Map<string, string>();
    for (const p of problems ?? []) if (!issues.has(p.path)) issues.set(p.path, problemText(p, lang, labelOf(p.path)));
    return issues;
    // labelOf reads the translations, which follow the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [problems, lang]);
  const issueAt = (path: string) => local.get(path) ?? server.get(path);
  const issueUnder = (prefix: string) => under(local, prefix) ?? under(server, prefix);
  /** Shows the server's refusal of fields at them (those `shown` matches); answers whether it named any. */
  const showServer = (issues: ReadonlyArray<{ path: string; message: string }>, shown?: RegExp): boolean => {
    const known = shown ? issues.filter((i) => shown.test(i.path)) : issues;
    setServer(new Map(known.map((i) => [i.path, i.message])));
    return known.length > 0;
  };
  /** The field at `path` was edited: the server's problems about it go. */
  const edited = (path: string) => {
    if ([...server.keys()].some((k) => touches(k, path))) setServer((s) => new Map([...s].filter(([k]) => !touches(k, path))));
  };
  const item = (path: string, label: string, issue = issueAt(path)) => ({
    label,
    validateStatus: issue ? ('error' as const) : undefined,
    help: issue,
  });
  return { issueAt, issueUnder, showServer, edited, item };
}
