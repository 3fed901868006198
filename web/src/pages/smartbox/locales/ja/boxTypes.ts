import type { LocaleArea } from '@/i18n/types';

const boxTypes: LocaleArea<'boxTypes'> = {
  tab: 'ボックスタイプ',
  list: {
    title: 'ボックスタイプ',
    help: '各ボックスタイプには設定があります：そのボックスが持つパラメータと既定値・範囲です。登録で初めて指定されたタイプはここに追加されます。',
    search: 'ボックスタイプ',
    code: 'ボックスタイプ',
    version: '設定',
    none: 'まだなし',
    params: 'パラメータ',
    boxes: 'ボックス数',
    saved: '保存日時',
    release: 'リリース',
    configure: '設定',
    protocol: 'プロトコル',
    total: '{total} 件のボックスタイプ',
  },
  upload: {
    title: '{code} の設定',
    language: 'ファイルの言語',
    template: 'テンプレートをダウンロード',
    help: 'テンプレートをダウンロードして編集し、.xlsx または .csv でアップロードします（最大 {size} KB）。名前と説明は{language}で読み取り、他の言語の名前はそのまま残ります。適用するまで何も保存されません。',
    choose: 'ファイルを選択',
    nothingSaved: '何も保存されていません。',
    previewTitle: '{count} 件のパラメータを読み取りました',
    apply: 'バージョン {version} として適用',
    problems: '先に修正が必要な問題が {count} 件あります',
    namesCopied:
      '新しいパラメータ {count} 件の他の言語の名前は{language}の名前のコピーです：それらの言語のファイルもアップロードしてください。',
    changes: '使用中のバージョンからの変更',
    saved: '{code}：設定バージョン {version} を保存しました。',
    diff: {
      none: '変更はありません。',
      added: '{count} 件のパラメータを追加',
      removed: '{count} 件のパラメータを削除',
      changed: '{count} 件のパラメータを変更',
    },
  },
  protocol: {
    title: '{code} のプロトコル',
    notFound: 'そのボックスタイプ、バージョン、言語はありません。',
    back: 'ボックスタイプに戻る',
    saved: '保存日時',
    params: 'パラメータ',
    empty: 'このボックスタイプにはまだ設定がありません。',
  },
};
export default boxTypes;
