import { Select, Spin, Typography } from 'antd';
import { api, type UserOption } from '@dms/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { call } from '@/api/call';
import { roleLabel } from '@/auth/role-label';
import { useI18n } from '@/i18n';

const SEARCH_DELAY_MS = 250;

function matches(user: UserOption | undefined, input: string): boolean {
  return Boolean(user?.username.toLowerCase().includes(input.trim().toLowerCase()));
}

interface Props {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  /** The picked user (for the result's summary). */
  onUser?: (user: UserOption | undefined) => void;
  /** The user of `value` when the form starts with one (e.g. registering more for the same user). */
  initialUser?: UserOption;
  placeholder?: string;
  'data-testid'?: string;
}

/** The user a range is registered to: searched on the server by name (GET /box-reg/users?q=) as the user types. */
export function UserSelect({ id, value, onChange, onUser, initialUser, placeholder, 'data-testid': testId }: Props) {
  const { t } = useI18n();
  const [users, setUsers] = useState<UserOption[]>([]);
  const [picked, setPicked] = useState<UserOption | undefined>(initialUser);
  const [query, setQuery] = useState('');
  const [loading, setLoading] = useState(false);
  const first = useRef(true);

  useEffect(() => {
    const abort = new AbortController();
    // The first list loads at once; later ones wait until typing pauses.
    const timer = setTimeout(
      () => {
        setLoading(true);
        call(api.boxRegInfo.users, { query: { q: query } }, { signal: abort.signal })
          .then(setUsers)
          .catch(() => undefined)
          .finally(() => {
            if (!abort.signal.aborted) setLoading(false);
          });
      },
      first.current ? 0 : SEARCH_DELAY_MS,
    );
    first.current = false;
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [query]);

  const options = useMemo(() => {
    const list = picked && !users.some((u) => u.id === picked.id) ? [picked, ...users] : users;
    return list.map((u) => ({
      value: u.id,
      user: u,
      label: (
        <span className="dms-box-reg-user" data-username={u.username}>
          {u.username}
          {u.roles.length > 0 && <Typography.Text type="secondary"> · {u.roles.map((r) => roleLabel(t, r)).join(', ')}</Typography.Text>}
        </span>
      ),
    }));
  }, [users, picked, t]);

  return (
    <Select<number, (typeof options)[number]>
      {...(id ? { id } : {})}
      data-testid={testId}
      value={value}
      placeholder={placeholder}
      allowClear
      // The server searches (the first 50 matches); meanwhile the options already shown narrow as the user types.
      showSearch={{ filterOption: (input, option) => matches(option?.user, input), onSearch: setQuery }}
      loading={loading}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={options}
      onChange={(next) => {
        const user = options.find((o) => o.value === next)?.user;
        setPicked(user);
        onUser?.(user);
        onChange?.(next);
        setQuery('');
      }}
    />
  );
}
