import type { Translations } from '@/i18n/types';
import * as namespaces from './namespaces.generated';

const es: Translations = { ...namespaces };
export default es;
