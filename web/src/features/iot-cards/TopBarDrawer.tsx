import { Badge, Button, Drawer, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { SearchInput } from '@/components/list-page/SearchInput';
import { useAppState } from '@/settings/app-state';

/**
 * A top bar icon with a count (the IoT cards', the renewal feedback's) that opens its list in a drawer: mounted at the
 * first opening, the whole screen's width on a phone.
 */
export function TopBarDrawer({
  testId,
  count,
  label,
  title,
  icon,
  children,
}: {
  testId: string;
  count: number;
  label: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const mobile = useAppState((s) => s.device === 'mobile');
  return (
    <>
      <Button
        type="text"
        data-testid={testId}
        data-count={count}
        aria-label={label}
        title={label}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Badge count={count} size="small" overflowCount={99} data-testid={`${testId}-badge`}>
          {icon}
        </Badge>
      </Button>
      {opened && (
        <Drawer
          open={open}
          onClose={() => {
            setOpen(false);
          }}
          title={title}
          size={mobile ? '100%' : 1000}
          data-testid={`${testId}-drawer`}
          destroyOnHidden
        >
          {children}
        </Drawer>
      )}
    </>
  );
}

/** A drawer list's search and its total (`data-total` once loaded, for tests to compare with the top bar's count). */
export function SearchAndTotal({
  testId,
  label,
  query,
  onSearch,
  total,
  loading,
}: {
  testId: string;
  label: string;
  query: string | undefined;
  onSearch: (query: string | undefined) => void;
  /** The total in words. */
  total: { count: number; words: string };
  loading: boolean;
}) {
  return (
    <>
      <SearchInput
        data-testid={`${testId}-search`}
        aria-label={label}
        placeholder={label}
        allowClear
        style={{ width: 280, maxWidth: '100%' }}
        value={query ?? ''}
        onSearch={(text) => {
          onSearch(text.trim() || undefined);
        }}
      />
      <Typography.Text type="secondary" data-testid={`${testId}-total`} data-total={loading ? undefined : total.count}>
        {total.words}
      </Typography.Text>
    </>
  );
}
