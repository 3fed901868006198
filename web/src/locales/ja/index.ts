import type { Translations } from '@/i18n/types';
import * as areas from './areas.generated';
import common from './common';
import errorPage from './errorPage';
import login from './login';
import navbar from './navbar';
import role from './role';
import route from './route';
import settings from './settings';
import tagsView from './tagsView';

const ja: Translations = {
  common,
  route,
  navbar,
  tagsView,
  settings,
  login,
  errorPage,
  role,
  ...areas,
};
export default ja;
