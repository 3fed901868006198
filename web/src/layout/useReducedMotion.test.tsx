// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useReducedMotion } from './useReducedMotion';

/** A system setting for less motion that the test turns on and off, as a user does in their system's settings. */
class MotionSetting extends EventTarget {
  matches = false;
  constructor(readonly media: string) {
    super();
  }
  set(reduce: boolean): void {
    this.matches = reduce && this.media === '(prefers-reduced-motion: reduce)';
    this.dispatchEvent(new Event('change'));
  }
}

const unmatched = window.matchMedia.bind(window);
afterEach(() => {
  window.matchMedia = unmatched;
});

function Shown() {
  return <span data-testid="motion">{useReducedMotion() ? 'still' : 'animated'}</span>;
}

describe('useReducedMotion', () => {
  it("follows the user's system setting for less motion, as it changes", () => {
    const settings: MotionSetting[] = [];
    let reduce = true;
    window.matchMedia = (media: string) => {
      const setting = new MotionSetting(media);
      setting.matches = reduce && media === '(prefers-reduced-motion: reduce)';
      settings.push(setting);
      return setting as unknown as MediaQueryList;
    };
    render(<Shown />);
    expect(screen.getByTestId('motion').textContent).toBe('still');
    reduce = false;
    act(() => {
      for (const s of settings) s.set(false);
    });
    expect(screen.getByTestId('motion').textContent).toBe('animated');
  });
});
