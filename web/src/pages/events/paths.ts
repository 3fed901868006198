/** The paths of the events area's pages (issue 21; routes.ts routes them; the pages link to each other with these). */
export const EVENTS_LIST_PATH = '/events/events-list';
export const EVENTS_ADD_PATH = '/events/events-add';
export const EVENTS_LOG_PATH = '/events/events-log';
/** A rule opened in the form: its latest version, saved as the next. */
export const ruleEditPath = (id: number) => `${EVENTS_ADD_PATH}?id=${id}`;
