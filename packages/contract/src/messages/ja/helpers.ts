import type { AreaMessages } from '../types.js';

const helpers: AreaMessages<'helpers'> = {
  'error.notYourHelper': 'このヘルパーはあなたのものではありません。',
};
export default helpers;
