// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SearchInput } from './SearchInput';

/** A list's search as a page holds it: the search applied (the URL's), which a link elsewhere may also change. */
function Searched({ onSearch, follows }: { onSearch: (text: string) => void; follows: boolean }) {
  const [applied, setApplied] = useState('');
  return (
    <>
      <SearchInput
        aria-label="Search"
        value={applied}
        onSearch={(text) => {
          onSearch(text);
          if (follows) setApplied(text);
        }}
      />
      <button
        type="button"
        onClick={() => {
          setApplied('pump');
        }}
      >
        Link to pumps
      </button>
    </>
  );
}

/**
 * The clock is the test's, so the wait for the search is counted exactly. (Text is put in with fireEvent: user-event
 * and Testing Library's async helpers wait on the real clock.)
 */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** `follows`: the search applied becomes the page's at once; without it the page has not shown it yet. */
function setup({ follows = true }: { follows?: boolean } = {}) {
  const onSearch = vi.fn<(text: string) => void>();
  renderWithProviders(<Searched onSearch={onSearch} follows={follows} />);
  const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Search' });
  const type = (text: string) => fireEvent.change(input, { target: { value: text } });
  const wait = (ms: number) => {
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  };
  return { onSearch, input, type, wait };
}

describe('SearchInput', () => {
  it('applies what was typed, trimmed, 300 ms after typing stops', () => {
    const { onSearch, input, type, wait } = setup();
    type(' ac');
    wait(299);
    type(' acme ');
    wait(299);
    expect(onSearch).not.toHaveBeenCalled();
    wait(1);
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('acme');
    expect(input.value).toBe(' acme ');
  });

  it('applies at once on Enter, and not again when the wait is over', () => {
    const { onSearch, input, type, wait } = setup();
    type('acme');
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('acme');
    wait(1_000);
    expect(onSearch).toHaveBeenCalledOnce();
  });

  it('does not apply again what Enter applied while the page has not shown it yet (a link clicked at once stays)', () => {
    const { onSearch, input, type, wait } = setup({ follows: false });
    type('acme');
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    wait(1_000);
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('acme');
    type('acme ltd');
    wait(300);
    expect(onSearch).toHaveBeenLastCalledWith('acme ltd');
  });

  it('shows a search changed elsewhere in place of the text typed, and does not apply the text typed', () => {
    const { onSearch, input, type, wait } = setup();
    type('acme');
    fireEvent.click(screen.getByRole('button', { name: 'Link to pumps' }));
    expect(input.value).toBe('pump');
    wait(1_000);
    expect(onSearch).not.toHaveBeenCalled();
  });
});
