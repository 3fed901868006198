import type { AreaMessages } from '../types.js';

const helpers: AreaMessages<'helpers'> = {
  'validation.helperType.invalid': '请选择助手类型：操作员、维护、巡检或其他。',
  'error.usernameTaken': '该用户名已被使用。',
  'error.notYourDevice': '您只能分享自己拥有的设备。',
  'error.notShared': '此设备未分享给该助手。',
  'error.notYourHelper': '该助手不属于您。',
};
export default helpers;
