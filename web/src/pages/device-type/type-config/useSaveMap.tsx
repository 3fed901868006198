import { App } from 'antd';
import { api, registerMapDiff, type ControllerKind, type LocalizedText, type RegisterDef, type TypeEditView } from '@dms/contract';
import { call } from '@/api/call';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';
import { MapDiffView } from './edit/MapDiffView';
import { TYPE_MAP_READS } from './TypeLoader';

/** What a save sends besides the version: the type's name, kind and whole map. */
export interface MapToSave {
  name: LocalizedText;
  kind: ControllerKind;
  registers: RegisterDef[];
}

/**
 * Saving a type's map as its next version, one way for every page that edits it (the editor, the event texts): a
 * confirmation that shows what changed against the saved version, then the save over that version (refused when
 * someone saved meanwhile), the success named with the new version, and the reads the map feeds refreshed.
 * `confirmTestId` is the confirm button's test id.
 */
export function useSaveMap(type: TypeEditView, confirmTestId: string, saved: () => void) {
  const { t } = useI18n();
  const { message, modal } = App.useApp();
  const { busy, error, run } = useSubmit(
    async (map: MapToSave) => {
      await call(api.controllerTypes.save, { params: { id: type.id }, body: { ...map, version: type.version } }, { errorDisplay: 'none' });
      void message.success(t('typeEdit.saved', { code: type.code, version: type.version + 1 }));
      saved();
    },
    { invalidates: TYPE_MAP_READS },
  );
  const save = (map: MapToSave) => {
    modal.confirm({
      title: t('typeEdit.confirmTitle', { code: type.code, version: type.version + 1 }),
      content: <MapDiffView diff={registerMapDiff(type.registers, map.registers)} />,
      okText: t('typeEdit.save'),
      cancelText: t('typeEdit.cancel'),
      okButtonProps: { 'data-testid': confirmTestId },
      width: 640,
      onOk: () => run(map),
    });
  };
  return { busy, error, save };
}
