import { StyleProvider } from '@ant-design/cssinjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { sessionStore } from '@/auth/session';

/**
 * Where antd puts its styles in a test: a node outside the document. jsdom has no layout, so the styles would decide
 * nothing a test reads, yet jsdom 29 re-reads every matching rule (hundreds of antd's CSS variables) each time a
 * query asks for an element's computed style: a role query over a table took seconds.
 */
const styles = document.createElement('div');

/** Where the page went when it navigated away: the path and query, for the test to read. */
function Elsewhere() {
  const { pathname, search } = useLocation();
  return <div data-testid="elsewhere">{`${pathname}${search}`}</div>;
}

export interface RenderOptions {
  /** The URL the component is opened at (path and query); it is routed at that path. */
  url?: string;
  /** The signed-in user's roles; nobody is signed in when left out. */
  roles?: readonly string[];
}

/**
 * Renders a component as the console does: antd's providers in English (with `App`, for messages and confirms), a
 * fresh query cache that does not retry, and a memory router with the component at `url`'s path; any other path shows
 * where the component went (`elsewhere`).
 */
export function renderWithProviders(ui: ReactElement, { url = '/', roles }: RenderOptions = {}): RenderResult {
  if (roles) {
    sessionStore.set({
      token: 'test-token',
      user: {
        name: 'Tester',
        username: 'tester',
        avatar: '',
        introduction: '',
        roles: [...roles],
        ck: null,
        userLevel: 1,
        isManager: false,
        twoFactor: { enabled: false, required: false },
      },
    });
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: new URL(url, 'http://console.test').pathname, element: ui },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [url] },
  );
  return render(
    <StyleProvider container={styles}>
      <ConfigProvider locale={enUS} theme={{ zeroRuntime: true, token: { motion: false } }}>
        <AntdApp>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AntdApp>
      </ConfigProvider>
    </StyleProvider>,
  );
}
