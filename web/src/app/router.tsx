import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import { FullPageLoading } from './FullPageLoading';
import { Root } from './Root';
import { RouteError } from './RouteError';
import type { PageModule, PageRoute, RouteHandle, RouteMeta } from './route-types';
import { flattenPages, HOME_PATH, REDIRECTS, SHELL_ROUTES, STANDALONE_META } from './routes';

function lazyPage(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

function shellPage(page: PageRoute, parents: readonly RouteMeta[]): RouteObject {
  const handle: RouteHandle = { name: page.name, meta: page.meta, parents };
  return { path: page.path, handle, lazy: lazyPage(page.load) };
}

function standalone(path: string, name: keyof typeof STANDALONE_META, load: () => Promise<PageModule>): RouteObject {
  const handle: RouteHandle = { name, meta: STANDALONE_META[name] };
  return { path, handle, lazy: lazyPage(load) };
}

/** Opens `to`, keeping the query string and hash of the address that led here. */
function RedirectTo({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
}

/** The route tree: the guard at the root, the sign-in pages and error pages on their own, the shell around the rest. */
export function appRouteObjects(): RouteObject[] {
  return [
    {
      Component: Root,
      HydrateFallback: () => <FullPageLoading />,
      ErrorBoundary: RouteError,
      children: [
        { path: '/', element: <Navigate to={HOME_PATH} replace />, handle: { name: 'home' } satisfies RouteHandle },
        ...REDIRECTS.map(({ from, to }) => ({
          path: from,
          element: <RedirectTo to={to} />,
          handle: { name: 'redirect' } satisfies RouteHandle,
        })),
        standalone('/login', 'login', () => import('../pages/login/login')),
        standalone('/mlogin', 'mlogin', () => import('../pages/login/mlogin')),
        standalone('/auth-redirect', 'authRedirect', () => import('../pages/login/auth-redirect')),
        standalone('/404', 'notFound', () => import('../pages/error/not-found')),
        standalone('/401', 'unauthorized', () => import('../pages/error/unauthorized')),
        standalone('/large-screen', 'largeScreen', () => import('../pages/large-screen')),
        {
          lazy: lazyPage(() => import('../layout/Layout')),
          children: [
            ...flattenPages(SHELL_ROUTES).map(({ page, parents }) => shellPage(page, parents)),
            {
              path: '/redirect/*',
              handle: { name: 'redirect' } satisfies RouteHandle,
              lazy: lazyPage(() => import('../pages/redirect')),
            },
          ],
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRouteObjects());
}
