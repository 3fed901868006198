// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { KeepAlive } from './KeepAlive';
import { usePageShown } from './page-shown';
import { tags, tagsStore } from './tags-view/store';

/** How many of a page's effects are running now (a live push subscription, a poll, a resize observer). */
const running: Record<string, number> = { a: 0, b: 0 };

/** A page with a counter (its state) and an effect that runs while it is shown. */
function Page({ name }: { name: 'a' | 'b' }) {
  const [count, setCount] = useState(0);
  const shown = usePageShown();
  useEffect(() => {
    running[name] = (running[name] ?? 0) + 1;
    return () => {
      running[name] = (running[name] ?? 0) - 1;
    };
  }, [name]);
  return (
    <button
      type="button"
      data-shown={shown}
      onClick={() => {
        setCount((n) => n + 1);
      }}
    >
      {`${name}: ${count}`}
    </button>
  );
}

const meta = (titleKey: string) => ({ handle: { meta: { titleKey } } });
const view = (path: string) => ({
  path,
  fullPath: path,
  name: path,
  params: {},
  titleKey: 'navbar.language.success' as const,
  affix: false,
  noCache: false,
});

afterEach(() => {
  tagsStore.set([]);
});

describe('KeepAlive', () => {
  it('keeps a page behind another tab with its state, its effects stopped until it is shown again', async () => {
    const router = createMemoryRouter(
      [
        {
          element: <KeepAlive />,
          children: [
            { path: '/a', element: <Page name="a" />, ...meta('a') },
            { path: '/b', element: <Page name="b" />, ...meta('b') },
          ],
        },
      ],
      { initialEntries: ['/a'] },
    );
    act(() => {
      tags.add(view('/a'));
      tags.add(view('/b'));
    });
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('button', { name: 'a: 0' }));
    expect(running.a).toBe(1);

    await act(async () => {
      await router.navigate('/b');
    });
    // Page a is kept (its count stays) but hidden: its effects are stopped, and it knows it is not shown.
    const kept = screen.getByText('a: 1', { selector: 'button' });
    expect(kept.closest('[hidden]')).not.toBeNull();
    expect(kept.getAttribute('data-shown')).toBe('false');
    expect(running).toEqual({ a: 0, b: 1 });

    await act(async () => {
      await router.navigate('/a');
    });
    expect(screen.getByRole('button', { name: 'a: 1' }).getAttribute('data-shown')).toBe('true');
    expect(running).toEqual({ a: 1, b: 0 });
  });
});
