import type { Translations } from '@/i18n/types';
import addDevice from './addDevice';
import boxRegInfo from './boxRegInfo';
import fleet from './fleet';
import helpers from './helpers';
import templates from './templates';
import managers from './managers';
import people from './people';
import history from './history';
import devices from './devices';
import common from './common';
import dashboard from './dashboard';
import errorPage from './errorPage';
import login from './login';
import navbar from './navbar';
import operationLog from './operationLog';
import profile from './profile';
import reach from './reach';
import role from './role';
import route from './route';
import serverLog from './serverLog';
import settings from './settings';
import smartbox from './smartbox';
import tagsView from './tagsView';

/** Spanish. */
const es: Translations = {
  common,
  route,
  navbar,
  tagsView,
  settings,
  login,
  dashboard,
  profile,
  errorPage,
  serverLog,
  operationLog,
  role,
  boxRegInfo,
  devices,
  history,
  fleet,
  smartbox,
  helpers,
  templates,
  managers,
  people,
  addDevice,
  reach,
};
export default es;
