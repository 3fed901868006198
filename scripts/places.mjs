// How many kinds of place a change touches (issue 19 §3: a new call with its screen in an existing area touches at
// most 6). Files written by `npm run areas` are not counted: nobody writes them.
//
//   npm run places              the working tree against HEAD
//   npm run places -- <rev>     one commit
//   npm run places -- <a>..<b>  each commit of a range, one line each
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The kinds of place, in the order the README lists them; the first pattern a path matches names its kind. */
export const KINDS = [
  ['generated (not counted)', /\.generated\.ts$/],
  ['contract: shared files', /^packages\/contract\/(src\/messages\/|test\/)/],
  ['contract: the area folder', /^packages\/contract\/src\/[^/]+\//],
  ['contract: shared files', /^packages\/contract\//],
  ['server: the area module', /^server\/src\/modules\/[^/]+\//],
  ['server: access', /^server\/src\/access\//],
  ['server: database', /^server\/src\/db\//],
  ['server: shared parts', /^server\/src\//],
  ['server: tests', /^server\/test\//],
  ['console: the area folder', /^web\/src\/(pages|features)\/[^/]+\//],
  ['console: shared parts', /^web\//],
  ['end-to-end tests', /^e2e\//],
  ['docs', /^(docs\/|README\.md$)/],
  ['other', /./],
];

export function kindOf(path) {
  return KINDS.find(([, pattern]) => pattern.test(path))?.[0] ?? 'other';
}

/** The kinds a list of paths touches, each with its files; generated files are left out of the count. */
export function places(paths) {
  const byKind = new Map();
  for (const path of paths) {
    const kind = kindOf(path);
    byKind.set(kind, [...(byKind.get(kind) ?? []), path]);
  }
  const counted = [...byKind.keys()].filter((k) => k !== 'generated (not counted)');
  return { count: counted.length, byKind };
}

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);

function report(title, paths, verbose) {
  const { count, byKind } = places(paths);
  console.log(`${title}: ${count} kinds of place, ${paths.length} files`);
  if (verbose) for (const [kind, files] of byKind) console.log(`  ${kind} (${files.length}): ${files.join(', ')}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = process.argv[2];
  if (!arg)
    report(
      'working tree',
      [...new Set([...git('diff', '--name-only', 'HEAD'), ...git('ls-files', '--others', '--exclude-standard')])],
      true,
    );
  else if (arg.includes('..'))
    for (const rev of git('rev-list', '--reverse', arg))
      report(git('log', '-1', '--format=%h %s', rev)[0].slice(0, 90), git('show', '--name-only', '--format=', rev), false);
  else report(git('log', '-1', '--format=%h %s', arg)[0], git('show', '--name-only', '--format=', arg), true);
}
