import * as areas from './areas.generated';
import common from './common';
import errorPage from './errorPage';
import login from './login';
import navbar from './navbar';
import role from './role';
import route from './route';
import settings from './settings';
import tagsView from './tagsView';

/** English: the source every other language is typed against. The shell's own words are here; each area's are in its folder (`pages/<area>/locales/en/<namespace>.ts`), joined by areas.generated.ts. */
const en = {
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
export default en;
