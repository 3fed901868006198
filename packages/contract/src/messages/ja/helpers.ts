import type { AreaMessages } from '../types.js';

const helpers: AreaMessages<'helpers'> = {
  'validation.helperType.invalid': 'ヘルパーの種類を選んでください：オペレーター、保守、点検、その他。',
  'error.usernameTaken': 'このユーザー名は既に使われています。',
  'error.notYourDevice': '共有できるのは自分が所有する機器だけです。',
  'error.notShared': 'この機器はこのヘルパーと共有されていません。',
  'error.notYourHelper': 'このヘルパーはあなたのものではありません。',
};
export default helpers;
