// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageShownContext } from '@/layout/page-shown';
import { renderWithProviders } from '@/test/render';
import { textParam, type ListSpec } from './list-params';
import { useListParams } from './useListParams';

const SPEC: ListSpec<{ q: string | undefined }> = { filter: { q: textParam(64) } };

/** A list's search, applied by a button, as a page shows it (its URL's `q`). */
function Searched() {
  const list = useListParams(SPEC);
  return (
    <>
      <output data-testid="q">{list.params.filter.q ?? ''}</output>
      <button
        type="button"
        onClick={() => {
          list.setFilter({ q: 'acme' });
        }}
      >
        Search acme
      </button>
    </>
  );
}

function setup(shown: boolean) {
  renderWithProviders(
    <PageShownContext.Provider value={shown}>
      <Searched />
    </PageShownContext.Provider>,
    { url: '/devices?q=pump' },
  );
  fireEvent.click(screen.getByRole('button', { name: 'Search acme' }));
}

describe('useListParams', () => {
  it('a shown page keeps its search in its URL', async () => {
    setup(true);
    expect(await screen.findByText('acme')).toBeTruthy();
  });

  it('a page kept hidden behind another tab changes nothing: its URL, and so where the user is, stays', async () => {
    setup(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('q').textContent).toBe('pump');
  });
});
