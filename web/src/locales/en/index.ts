import * as namespaces from './namespaces.generated';

/**
 * English: the source every other language is typed against. The shell's own words are in this folder, each area's
 * in its own (`pages/<area>/locales/en/<namespace>.ts`); `namespaces.generated.ts` joins them (`npm run areas`).
 */
const en = { ...namespaces };
export default en;
