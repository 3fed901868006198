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
  scan: {
    camera: 'ラベルを読み取る',
    photo: 'ラベルの写真をアップロード',
    cameraTitle: 'QRラベルをカメラにかざしてください',
    noCamera: 'カメラを開けませんでした。ブラウザで許可するか、ラベルの写真をアップロードしてください。',
    read: 'ラベルを読み取りました：ボックス {boxId}。ボックスを持っている証明になるため、CKコードは不要です。',
    useCk: 'CKコードを使う',
    none: 'この写真にQRラベルが見つかりません。近づいてピントを合わせ、撮り直してください。',
    foreign: 'このQRコードは本システムのボックスラベルではありません。',
    unreadable: 'このファイルは画像として読み込めませんでした。',
  },
};
export default addDevice;
