// The web project's setup: the node tests (`*.test.ts`) need none; a component test (`*.test.tsx`, run in jsdom by its
// `@vitest-environment jsdom` docblock) gets the English catalogue, the browser APIs antd asks for that jsdom lacks,
// and a clean document, session and network after each test.
import { afterEach, expect, vi } from 'vitest';

if (typeof window !== 'undefined') {
  const [{ cleanup, configure }, { loadLanguage }, { sessionStore }] = await Promise.all([
    import('@testing-library/react'),
    import('@/i18n'),
    import('@/auth/session'),
  ]);

  // antd's responsive hooks (Grid.useBreakpoint, Table) and the shell read media queries (with addEventListener, not
  // the deprecated addListener): none matches, as on a wide screen.
  class UnmatchedQuery extends EventTarget {
    readonly matches = false;
    onchange = null;
    constructor(readonly media: string) {
      super();
    }
  }
  window.matchMedia = (query: string) => new UnmatchedQuery(query) as unknown as MediaQueryList;
  // antd measures some components (Table, Select, Input.TextArea): a box that never resizes.
  globalThis.ResizeObserver = class {
    observe(): void {
      // Nothing resizes in jsdom.
    }
    unobserve(): void {
      // Nothing observed.
    }
    disconnect(): void {
      // Nothing observed.
    }
  };

  // jsdom computes no pseudo-element styles: it answers the element's own, after a "not implemented" notice on the
  // console each time (antd measures scrollbars this way). The same answer, without the notice.
  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computedStyle(element);

  // A component test renders, types and waits for answers: on a busy two-core machine that takes more than the
  // defaults allow (1 s for a findBy*, 5 s for a test) now and then.
  configure({ asyncUtilTimeout: 5_000 });
  vi.setConfig({ testTimeout: 20_000 });

  await loadLanguage('en');

  afterEach(() => {
    cleanup();
    sessionStore.set({ token: undefined, user: null });
    vi.unstubAllGlobals();
  });
} else if (expect.getState().testPath?.endsWith('.tsx')) {
  throw new Error('A component test runs in jsdom: start the file with the docblock `// @vitest-environment jsdom`.');
}
