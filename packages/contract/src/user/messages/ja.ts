import type { AreaMessages } from '../../messages/types.js';

const user: AreaMessages<'user'> = {
  'validation.username.required': 'ユーザー名を入力してください！',
  'validation.username.length': 'ユーザー名は6～20桁の数字または文字である必要があります！',
  'validation.username.charset': '6～20桁の数字、文字、または @#%^&*_-+ が必要です！',
  'validation.username.noChineseOrSpace': 'ユーザー名に漢字や空白を含めることはできません！',
  'validation.password.required': 'パスワードを入力してください！',
  'validation.password.length': 'パスワードは6～20桁の数字または文字である必要があります！',
  'validation.password.noChineseOrSpace': 'パスワードに漢字や空白を含めることはできません！',
  'validation.password.confirmMismatch': '2つのパスワードが一致しません！',
  'validation.password.sameAsOld': '新しいパスワードは現在のパスワードと異なる必要があります！',
  'error.wrongCredentials': 'ユーザー名またはパスワードが正しくありません。',
  'error.wrongOldPassword': '現在のパスワードが正しくありません。',
  'error.accountDisabled': 'このアカウントは無効です。',
  'error.tooManyAttempts': 'ログインの試行回数が多すぎます。{seconds}秒後に再試行してください。',
  'error.tooManyPasswordAttempts': 'パスワードの誤りが多すぎます。{seconds}秒後に再試行してください。',
  'error.addressBlocked': 'このアドレスからのパスワードの誤りが多すぎます。{seconds}秒後に再試行してください。',
  'error.tokenIllegal': 'ログインしていないか、セッションが無効です。再度ログインしてください。',
  'error.tokenRevoked': 'セッションは終了しました。再度ログインしてください。',
  'error.tokenExpired': 'セッションの有効期限が切れました。再度ログインしてください。',
  'error.sessionNotYours': '終了できるのはご自身のセッションだけです。',
  'info.verificationFailed': '認証に失敗しました。再度ログインしてください。',
  'info.rolesMustBeArray': 'getInfo：ロールは空でない配列である必要があります！',
  'info.userInfoNull': 'getInfo：ユーザー情報を null にすることはできません！',
  // The operation log's name of each action (actions.ts).
  'action.user.login': 'ログイン',
  'action.user.logout': 'ログアウト',
  'action.user.changePassword': 'パスワード変更',
  'action.user.endSession': 'セッションの終了',
  'action.user.endOtherSessions': '他のセッションの終了',
};
export default user;
