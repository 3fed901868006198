import { format, type Language } from './i18n.js';

/**
 * Messages both sides show: the validation rules of spec section 5 and the server's error messages.
 * English is the source; the other languages are typed against it, so a missing key does not compile.
 */
const en = {
  'validation.username.required': 'User name cannot be empty!',
  'validation.username.length': 'User name must be a 6-20 digit number or character!',
  'validation.username.charset': '6-20 digit number or character or @#%^&*_-+ required!',
  'validation.username.noChineseOrSpace': 'User name cannot contain Chinese characters or spaces!',
  'validation.password.required': 'Password cannot be empty!',
  'validation.password.length': 'Password must be a 6-20 digit number or character!',
  'validation.password.noChineseOrSpace': 'Password cannot contain Chinese characters or spaces!',
  'validation.password.confirmMismatch': 'The two passwords do not match!',
  'validation.password.sameAsOld': 'The new password must differ from the current one!',
  'validation.field.required': 'Please fill in {field}',
  'validation.field.number': 'Please fill in {field} with a number',
  'validation.field.positiveInteger': 'Please fill in {field} with a positive integer',
  'validation.field.nonNegativeInteger': 'Please fill in {field} with a non-negative integer',
  'validation.ck.format': 'CK code must be four digits!',
  'validation.invalid': 'Invalid value for {field}',
  'error.wrongCredentials': 'Incorrect user name or password.',
  'error.wrongOldPassword': 'The current password is incorrect.',
  'error.accountDisabled': 'This account is disabled.',
  'error.tooManyAttempts': 'Too many sign-in attempts. Please try again in {seconds} seconds.',
  'error.tokenIllegal': 'You are not signed in, or your session is not valid. Please sign in again.',
  'error.tokenRevoked': 'Your session was ended. Please sign in again.',
  'error.tokenExpired': 'Your session has expired. Please sign in again.',
  'error.forbidden': 'You do not have permission to do this.',
  'error.notFound': 'Not found.',
  'error.internal': 'Something went wrong on the server. Please try again later.',
  'error.payloadTooLarge': 'The request is too large.',
  'info.verificationFailed': 'Verification failed, please Login again.',
  'info.rolesMustBeArray': 'getInfo: roles must be a non-null array!',
  'info.userInfoNull': 'getInfo: user info cannot be null!',
} as const;

export type MessageKey = keyof typeof en;
type Catalogue = Record<MessageKey, string>;

const zh: Catalogue = {
  'validation.username.required': '用户名不能为空！',
  'validation.username.length': '用户名必须为6-20位数字或字符！',
  'validation.username.charset': '需要6-20位数字或字符或@#%^&*_-+！',
  'validation.username.noChineseOrSpace': '用户名不能包含中文字符或空格！',
  'validation.password.required': '密码不能为空！',
  'validation.password.length': '密码必须为6-20位数字或字符！',
  'validation.password.noChineseOrSpace': '密码不能包含中文字符或空格！',
  'validation.password.confirmMismatch': '两次输入的密码不一致！',
  'validation.password.sameAsOld': '新密码不能与当前密码相同！',
  'validation.field.required': '请填写{field}',
  'validation.field.number': '请填写{field}，须为数字',
  'validation.field.positiveInteger': '请填写{field}，须为正整数',
  'validation.field.nonNegativeInteger': '请填写{field}，须为非负整数',
  'validation.ck.format': 'CK码必须为四位数字！',
  'validation.invalid': '{field}的值无效',
  'error.wrongCredentials': '用户名或密码错误。',
  'error.wrongOldPassword': '当前密码不正确。',
  'error.accountDisabled': '该账号已停用。',
  'error.tooManyAttempts': '登录尝试次数过多，请在{seconds}秒后重试。',
  'error.tokenIllegal': '您尚未登录或会话无效，请重新登录。',
  'error.tokenRevoked': '您的会话已结束，请重新登录。',
  'error.tokenExpired': '您的会话已过期，请重新登录。',
  'error.forbidden': '您没有执行此操作的权限。',
  'error.notFound': '未找到。',
  'error.internal': '服务器出错，请稍后重试。',
  'error.payloadTooLarge': '请求内容过大。',
  'info.verificationFailed': '验证失败，请重新登录。',
  'info.rolesMustBeArray': 'getInfo：角色必须是非空数组！',
  'info.userInfoNull': 'getInfo：用户信息不能为空！',
};

const es: Catalogue = {
  'validation.username.required': '¡El nombre de usuario no puede estar vacío!',
  'validation.username.length': '¡El nombre de usuario debe tener de 6 a 20 números o caracteres!',
  'validation.username.charset': '¡Se requieren de 6 a 20 números o caracteres o @#%^&*_-+!',
  'validation.username.noChineseOrSpace': '¡El nombre de usuario no puede contener caracteres chinos ni espacios!',
  'validation.password.required': '¡La contraseña no puede estar vacía!',
  'validation.password.length': '¡La contraseña debe tener de 6 a 20 números o caracteres!',
  'validation.password.noChineseOrSpace': '¡La contraseña no puede contener caracteres chinos ni espacios!',
  'validation.password.confirmMismatch': '¡Las dos contraseñas no coinciden!',
  'validation.password.sameAsOld': '¡La nueva contraseña debe ser distinta de la actual!',
  'validation.field.required': 'Por favor, rellene {field}',
  'validation.field.number': 'Por favor, rellene {field} con un número',
  'validation.field.positiveInteger': 'Por favor, rellene {field} con un entero positivo',
  'validation.field.nonNegativeInteger': 'Por favor, rellene {field} con un entero no negativo',
  'validation.ck.format': '¡El código CK debe tener cuatro dígitos!',
  'validation.invalid': 'Valor no válido para {field}',
  'error.wrongCredentials': 'Nombre de usuario o contraseña incorrectos.',
  'error.wrongOldPassword': 'La contraseña actual es incorrecta.',
  'error.accountDisabled': 'Esta cuenta está desactivada.',
  'error.tooManyAttempts': 'Demasiados intentos de inicio de sesión. Vuelva a intentarlo dentro de {seconds} segundos.',
  'error.tokenIllegal': 'No ha iniciado sesión o su sesión no es válida. Inicie sesión de nuevo.',
  'error.tokenRevoked': 'Su sesión ha finalizado. Inicie sesión de nuevo.',
  'error.tokenExpired': 'Su sesión ha caducado. Inicie sesión de nuevo.',
  'error.forbidden': 'No tiene permiso para hacer esto.',
  'error.notFound': 'No encontrado.',
  'error.internal': 'Algo ha fallado en el servidor. Vuelva a intentarlo más tarde.',
  'error.payloadTooLarge': 'La solicitud es demasiado grande.',
  'info.verificationFailed': 'La verificación ha fallado, inicie sesión de nuevo.',
  'info.rolesMustBeArray': 'getInfo: ¡los roles deben ser una lista no vacía!',
  'info.userInfoNull': 'getInfo: ¡la información del usuario no puede ser nula!',
};

const ja: Catalogue = {
  'validation.username.required': 'ユーザー名を入力してください！',
  'validation.username.length': 'ユーザー名は6～20桁の数字または文字である必要があります！',
  'validation.username.charset': '6～20桁の数字、文字、または @#%^&*_-+ が必要です！',
  'validation.username.noChineseOrSpace': 'ユーザー名に漢字や空白を含めることはできません！',
  'validation.password.required': 'パスワードを入力してください！',
  'validation.password.length': 'パスワードは6～20桁の数字または文字である必要があります！',
  'validation.password.noChineseOrSpace': 'パスワードに漢字や空白を含めることはできません！',
  'validation.password.confirmMismatch': '2つのパスワードが一致しません！',
  'validation.password.sameAsOld': '新しいパスワードは現在のパスワードと異なる必要があります！',
  'validation.field.required': '{field}を入力してください',
  'validation.field.number': '{field}に数値を入力してください',
  'validation.field.positiveInteger': '{field}に正の整数を入力してください',
  'validation.field.nonNegativeInteger': '{field}に0以上の整数を入力してください',
  'validation.ck.format': 'CKコードは4桁の数字である必要があります！',
  'validation.invalid': '{field}の値が無効です',
  'error.wrongCredentials': 'ユーザー名またはパスワードが正しくありません。',
  'error.wrongOldPassword': '現在のパスワードが正しくありません。',
  'error.accountDisabled': 'このアカウントは無効です。',
  'error.tooManyAttempts': 'ログインの試行回数が多すぎます。{seconds}秒後に再試行してください。',
  'error.tokenIllegal': 'ログインしていないか、セッションが無効です。再度ログインしてください。',
  'error.tokenRevoked': 'セッションは終了しました。再度ログインしてください。',
  'error.tokenExpired': 'セッションの有効期限が切れました。再度ログインしてください。',
  'error.forbidden': 'この操作を行う権限がありません。',
  'error.notFound': '見つかりません。',
  'error.internal': 'サーバーでエラーが発生しました。しばらくしてから再試行してください。',
  'error.payloadTooLarge': 'リクエストが大きすぎます。',
  'info.verificationFailed': '認証に失敗しました。再度ログインしてください。',
  'info.rolesMustBeArray': 'getInfo：ロールは空でない配列である必要があります！',
  'info.userInfoNull': 'getInfo：ユーザー情報を null にすることはできません！',
};

export const MESSAGES: Record<Language, Catalogue> = { en, zh, es, ja };

export function isMessageKey(value: string): value is MessageKey {
  return value in en;
}

/** The message in a language, with `{name}` placeholders filled. */
export function message(lang: Language, key: MessageKey, params?: Readonly<Record<string, string | number>>): string {
  return format(MESSAGES[lang][key], params);
}
