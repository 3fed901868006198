import { App } from 'antd';
import { api, type CacheGroup } from '@dms/contract';
import { call } from '@/api/call';
import { isApiError } from '@/api/client';
import { useInvalidate } from '@/api/invalidate';
import { useI18n } from '@/i18n';

/** What a delete changes: the keys listed and the groups' counts. */
const CACHE_READS = [api.tools.redisKeys, api.tools.redisOverview];

/**
 * The cache tool's deletes: the server says first what would go (its warning box, spec 8's 20004, with the key or
 * the count); confirmed there, it deletes, and the list and counts are read again. A refusal is shown by the request
 * layer.
 */
export function useCacheDelete(onDeleted: () => void = () => undefined) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const done = (deleted: number) => {
    void message.success(t('tools.redis.deleted', { count: deleted }));
    void invalidate(CACHE_READS);
    onDeleted();
  };
  const asked = async (ask: () => Promise<unknown>) => {
    try {
      await ask();
    } catch (e) {
      // The warning box asks (its OK deletes); any other refusal was shown already.
      if (isApiError(e)) return;
      throw e;
    }
  };
  return {
    deleteKey: (key: string) =>
      asked(() =>
        call(
          api.tools.redisDeleteKey,
          { body: { key } },
          {
            onConfirm: async () => {
              done((await call(api.tools.redisDeleteKey, { body: { key, confirm: true } })).deleted);
            },
          },
        ),
      ),
    deleteMatching: (group: CacheGroup, q: string) =>
      asked(() =>
        call(
          api.tools.redisDeleteGroup,
          { body: { group, q } },
          {
            onConfirm: async () => {
              done((await call(api.tools.redisDeleteGroup, { body: { group, q, confirm: true } })).deleted);
            },
          },
        ),
      ),
  };
}
