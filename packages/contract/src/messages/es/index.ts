import areas from './areas.generated.js';
import type { LanguageMessages } from '../types.js';
import common from './common.js';
import validation from './validation.js';

const es: LanguageMessages = { validation, common, ...areas };
export default es;
