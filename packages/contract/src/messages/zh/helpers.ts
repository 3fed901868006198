import type { AreaMessages } from '../types.js';

const helpers: AreaMessages<'helpers'> = {
  'error.notYourHelper': '该助手不属于您。',
};
export default helpers;
