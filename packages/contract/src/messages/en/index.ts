import areas from './areas.generated.js';
import common from './common.js';
import validation from './validation.js';

/**
 * English: the source every other language is typed against. The messages every area shares are here; each area's
 * own are in its folder (`<area>/messages/en.ts`), joined by `./areas.generated.ts`.
 */
const en = { validation, common, ...areas };
export default en;
