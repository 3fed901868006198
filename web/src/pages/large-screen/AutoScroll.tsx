import { useEffect, useRef, type ReactNode } from 'react';

/** Pixels per tick and the tick, so a long list creeps upwards slowly enough to read from a distance. */
const STEP_PX = 1;
const TICK_MS = 50;
/** Pause at the top and at the end before starting over. */
const PAUSE_MS = 3000;

/**
 * A box that scrolls its content slowly upwards when it is taller than the box, pauses at the end, then starts again
 * from the top (the large screen's fault feed). Hovering stops it, so a row can be clicked.
 */
export function AutoScroll({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const hovered = useRef(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    let pausedUntil = Date.now() + PAUSE_MS;
    const timer = setInterval(() => {
      if (hovered.current || Date.now() < pausedUntil) return;
      const max = el.scrollHeight - el.clientHeight;
      if (max <= 0) return;
      if (el.scrollTop >= max - 1) {
        el.scrollTop = 0;
        pausedUntil = Date.now() + PAUSE_MS;
        return;
      }
      el.scrollTop = Math.min(max, el.scrollTop + STEP_PX);
      if (el.scrollTop >= max - 1) pausedUntil = Date.now() + PAUSE_MS;
    }, TICK_MS);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return (
    <div
      ref={ref}
      className={className}
      data-testid={testId}
      onMouseEnter={() => (hovered.current = true)}
      onMouseLeave={() => (hovered.current = false)}
    >
      {children}
    </div>
  );
}
