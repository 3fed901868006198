import type { LocaleArea } from '@/i18n/types';

const addDevice: LocaleArea<'addDevice'> = {
  boxId: 'ボックスID',
  boxIdHelp: 'クラウドボックスのラベルの番号。',
  ck: 'CKコード',
  ckHelp: 'ラベルのボックスIDの横にある4桁の数字。',
  submit: '機器を追加',
  done: 'ボックス {boxId} があなたのものになりました：機器 {count} 台。',
  doneFor: 'ボックス {boxId} は {owner} のものになりました：機器 {count} 台。',
  noDevicesYet: 'ボックスが接続すると、機器がここに表示されます。',
};
export default addDevice;
