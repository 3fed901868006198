import type { LocaleArea } from '@/i18n/types';

/** /device-type/type-config/upload/{id}/{language} (issue 20). */
const typeUpload: LocaleArea<'typeUpload'> = {
  title: '{code} のレジスタマップのアップロード',
  language: '言語',
  template: 'テンプレートをダウンロード',
  help: 'テンプレートは現在のマップで、1行に1レジスタ、名前は{language}です。編集して .xlsx または .csv（{size} KB まで）でアップロードしてください。読み取って検査し、適用するまで何も保存しません。ファイルにない列は各レジスタの値を保ち、オプションとビットもそのまま残ります。',
  choose: 'ファイルを選択…',
  nothingSaved: '何も保存していません。',
  previewTitle: 'ファイルの内容：{count} 個のレジスタ',
  apply: 'バージョン {version} として適用',
  problems: '{count} 件の問題：ファイルを直して再度アップロードしてください。何も保存していません',
  namesCopied: '新しいレジスタ {count} 個の名前は全言語で{language}の名前です。エディタで翻訳してください。',
  changes: '現在のバージョンとの差分',
  coding: 'ワード',
  words: '{count} ワード',
  yes: 'はい',
  no: 'いいえ',
};

export default typeUpload;
