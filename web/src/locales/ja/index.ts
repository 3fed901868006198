import type { Translations } from '@/i18n/types';
import * as namespaces from './namespaces.generated';

const ja: Translations = { ...namespaces };
export default ja;
