import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useI18n } from '@/i18n';

/** Toggles full screen; warns where the browser cannot (spec 8). The top bar's, and the large screen's (large). */
export function Fullscreen({ size, testId = 'fullscreen' }: { size?: 'large'; testId?: string }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [active, setActive] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const update = () => {
      setActive(Boolean(document.fullscreenElement));
    };
    document.addEventListener('fullscreenchange', update);
    return () => {
      document.removeEventListener('fullscreenchange', update);
    };
  }, []);
  const label = active ? t('navbar.fullscreen.exit') : t('navbar.fullscreen.enter');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        {...(size ? { size } : {})}
        data-testid={testId}
        aria-label={label}
        aria-pressed={active}
        icon={active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={() => {
          if (!document.fullscreenEnabled) {
            void message.warning(t('navbar.fullscreen.unsupported'));
            return;
          }
          const change = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
          change.catch(() => void message.warning(t('navbar.fullscreen.unsupported')));
        }}
      />
    </Tooltip>
  );
}
