import type { LocaleArea } from '@/i18n/types';

/** 2 段階認証ログイン（issue 27）：プロフィールでの有効化と、必須ロールの画面。 */
const twoFactor: LocaleArea<'twoFactor'> = {
  title: '2 段階認証ログイン',
  on: '有効',
  off: '無効',
  offHint: 'パスワードに加えて、スマートフォンの認証アプリのコードでログインします。盗まれたパスワードだけではログインできません。',
  turnOn: '有効にする',
  scan: '認証アプリでこの QR コードを読み取り、表示された 6 桁のコードを入力してください。',
  qrAlt: 'キーの QR コード',
  typeKey: 'またはこのキーをアプリに入力してください：',
  confirm: '確認',
  codePlaceholder: '6 桁のコード',
  anyCodePlaceholder: 'コードまたはリカバリーコード',
  codeRequired: 'コードを入力してください。',
  codesTitle: 'リカバリーコードを今すぐ保存してください',
  codesHint: 'スマートフォンを紛失したとき、それぞれ 1 回ログインに使えます。再表示されません。',
  saved: '保存しました',
  onSince: '{time} から有効です。',
  recoveryLeft: '{count, plural, =0 {リカバリーコードは残っていません。} other {リカバリーコードは残り # 個です。}}',
  turnOff: '無効にする',
  requiredByRole: 'あなたのロールでは 2 段階認証ログインが必須のため、有効のままです。',
  requiredTitle: '2 段階認証ログインを有効にしてください',
  requiredNotice: 'あなたのロールでは 2 段階認証ログインが必須です。コンソールを続けて使うには有効にしてください。',
  signOut: 'ログアウト',
  resetTitle: 'ユーザーの 2 段階認証ログインをリセット',
  resetHint: 'スマートフォンとリカバリーコードを失ったユーザー向け：2 段階認証が無効になり、そのユーザーのすべてのセッションが終了します。',
  reset: 'リセット',
  resetConfirm: 'このユーザーの 2 段階認証ログインをリセットし、セッションを終了しますか？',
  resetDone:
    '{count, plural, =0 {リセットしました。セッションはありませんでした。} other {リセットしました。# 件のセッションを終了しました。}}',
  username: 'ユーザー名',
};
export default twoFactor;
