import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref holding the latest `value`, for callbacks that outlive a render (subscriptions, timers, chart events) and
 * must not subscribe again when it changes. It is set as React commits, before any effect runs; read it in
 * callbacks and effects, never while rendering.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
