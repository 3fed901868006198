import { endpoint } from '../endpoint.js';
import {
  confirmBody,
  itemPage,
  itemQuery,
  runPage,
  runParams,
  runQuery,
  runSecrets,
  scriptInput,
  scriptPreview,
  scriptRun,
} from './schemas.js';

const tags = ['scripts'] as const;

/** /scripts (spec 2, 6: root; issue 24; docs/scripts.md): maintenance scripts previewed, confirmed, logged and undone. */
export const endpoints = {
  preview: endpoint({
    method: 'POST',
    path: '/scripts/runs',
    access: 'scripts',
    body: scriptInput,
    response: scriptPreview,
    tags,
    summary:
      'A dry run of a script: changes nothing, keeps the run as a preview (an hour) and answers it with its first items; a read-only script (check-inactive) is done at once',
  }),
  start: endpoint({
    method: 'POST',
    path: '/scripts/runs/:id/start',
    access: 'scripts',
    params: runParams,
    body: confirmBody,
    response: scriptRun,
    tags,
    summary: "Starts a previewed run; `count` must be the preview's, or nothing happens. Its progress is read from the run",
  }),
  undo: endpoint({
    method: 'POST',
    path: '/scripts/runs/:id/undo',
    access: 'scripts',
    params: runParams,
    body: confirmBody,
    response: scriptRun,
    tags,
    summary: 'Puts back what a finished run changed, item by item, where its script can; `count` names the items changed',
  }),
  runs: endpoint({
    method: 'GET',
    path: '/scripts/runs',
    access: 'scripts',
    query: runQuery,
    response: runPage,
    tags,
    summary: 'Every run, newest first (/scripts/scripts-list): who, when, inputs, state and counts',
  }),
  run: endpoint({
    method: 'GET',
    path: '/scripts/runs/:id',
    access: 'scripts',
    params: runParams,
    response: scriptRun,
    tags,
    summary: 'A run with its progress and counts',
  }),
  items: endpoint({
    method: 'GET',
    path: '/scripts/runs/:id/items',
    access: 'scripts',
    params: runParams,
    query: itemQuery,
    response: itemPage,
    tags,
    summary: "A run's items in order, with each one's outcome (its log); the whole of it as .xlsx is the export kind script-items",
  }),
  secrets: endpoint({
    method: 'POST',
    path: '/scripts/runs/:id/secrets',
    access: 'scripts',
    params: runParams,
    response: runSecrets,
    tags,
    summary: 'The passwords a run generated, once: they are forgotten as they are answered, and never stored',
  }),
};
