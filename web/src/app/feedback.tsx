import { App } from 'antd';
import { useEffect } from 'react';

type Feedback = ReturnType<typeof App.useApp>;

let current: Feedback | undefined;
const pending: Array<(f: Feedback) => void> = [];

/**
 * Messages and confirm boxes for code outside React (the HTTP client's policy, the auth module),
 * using antd's App context so they follow the theme, size and locale.
 */
export function withFeedback(run: (f: Feedback) => void): void {
  if (current) run(current);
  else pending.push(run);
}

/** Mounted once inside antd's <App>; hands its message and modal APIs to withFeedback(). */
export function FeedbackBridge(): null {
  const feedback = App.useApp();
  useEffect(() => {
    current = feedback;
    for (const run of pending.splice(0)) run(feedback);
    return () => {
      if (current === feedback) current = undefined;
    };
  }, [feedback]);
  return null;
}
