import type { LanguageMessages } from '../types.js';
import boxRegInfo from './box-reg-info.js';
import common from './common.js';
import devices from './devices.js';
import exports from './exports.js';
import helpers from './helpers.js';
import history from './history.js';
import managers from './managers.js';
import templates from './templates.js';
import user from './user.js';
import validation from './validation.js';

/** Chinese (Simplified). */
const zh: LanguageMessages = { validation, user, devices, history, boxRegInfo, exports, common, managers, helpers, templates };
export default zh;
