import type { Translations } from '@/i18n/types';
import * as namespaces from './namespaces.generated';

const zh: Translations = { ...namespaces };
export default zh;
