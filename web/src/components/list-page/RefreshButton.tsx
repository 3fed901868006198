import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useI18n } from '@/i18n';

/** Reloads a list: with its label, or (`iconOnly`) the icon with the label as its name and tooltip. */
export function RefreshButton({
  onClick,
  label,
  iconOnly = false,
  testId,
}: {
  onClick: () => void;
  label?: string;
  iconOnly?: boolean;
  testId?: string;
}) {
  const { t } = useI18n();
  const text = label ?? t('common.action.refresh');
  if (iconOnly) return <Button icon={<ReloadOutlined />} aria-label={text} title={text} onClick={onClick} data-testid={testId} />;
  return (
    <Button icon={<ReloadOutlined />} onClick={onClick} data-testid={testId}>
      {text}
    </Button>
  );
}
