// The type check inside lint (issue 19 §7): each file's TypeScript errors, as `tsc -p <its project>` gives them,
// reported by ESLint from the program typescript-eslint has already built for its typed rules. A separate `tsc -p`
// per project would parse, bind and check the same files a second time; here the checker's work is shared with the
// rules (most of it is done by the time a file's diagnostics are asked for). server/test/lint-type-errors.test.ts
// proves an error is reported; the composite builds (`tsc -b`, npm run typecheck) still check what they emit.
import ts from 'typescript';

/** Programs whose global and option errors were reported already (once per program, at its first file). */
const reported = new WeakSet();

/** @param {ts.Diagnostic} d */
const text = (d) => `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;

/** @type {import('eslint').Rule.RuleModule} */
const typeErrors = {
  meta: {
    type: 'problem',
    docs: { description: "TypeScript's errors in the file, from the program of its project" },
    schema: [],
  },
  create(context) {
    const program = context.sourceCode.parserServices?.program;
    if (!program) return {};
    return {
      Program() {
        const file = program.getSourceFile(context.physicalFilename);
        if (!file) return;
        const own = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
        for (const d of own) {
          const start = file.getLineAndCharacterOfPosition(d.start ?? 0);
          const end = file.getLineAndCharacterOfPosition((d.start ?? 0) + (d.length ?? 0));
          context.report({
            loc: { start: { line: start.line + 1, column: start.character }, end: { line: end.line + 1, column: end.character } },
            message: text(d),
          });
        }
        if (reported.has(program)) return;
        reported.add(program);
        // Errors of no one file (compiler options, missing global types) belong to the program: its first file says them.
        for (const d of [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()]) {
          context.report({ loc: { line: 1, column: 0 }, message: text(d) });
        }
      },
    };
  },
};

export default { meta: { name: 'dms' }, rules: { 'type-errors': typeErrors } };
