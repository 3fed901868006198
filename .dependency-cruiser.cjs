/**
 * The architecture's import rules (docs in README "Layout"), checked by `npm run check:imports` in `npm test`.
 * Each rule names what it keeps apart; none has an exception.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles: a cycle makes load order decide what a module sees.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'data-plane-not-into-modules',
      severity: 'error',
      comment: 'The data plane (ingest, realtime) knows nothing of feature modules; they attach to it.',
      from: { path: '^server/src/(ingest|realtime)/' },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'pages-not-into-other-pages',
      severity: 'error',
      comment: "A page does not import another area's pages: what several areas use lives in components/ or features/.",
      from: { path: '^web/src/pages/([^/]+)/' },
      to: { path: '^web/src/pages/([^/]+)/', pathNot: '^web/src/pages/$1/' },
    },
    {
      name: 'contract-imports-nothing-of-server-or-web',
      severity: 'error',
      comment: 'The contract is what server and console agree on; it depends on neither.',
      from: { path: '^packages/contract/' },
      to: { path: '^(server|web|simulator|e2e|bench)/' },
    },
    {
      name: 'server-and-web-apart',
      severity: 'error',
      comment: 'Server and console share only the contract.',
      from: { path: '^(server|web)/src/' },
      to: { path: '^(web|server)/src/', pathNot: '^$1/src/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['source', 'import', 'types', 'default'] },
    combinedDependencies: false,
  },
};
