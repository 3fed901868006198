/** The paths of box registration's pages (routes.ts routes them; the pages link to each other with these). */
export const BOX_REG_LIST_PATH = '/box-reg-info/list';
export const BOX_REG_CREATE_PATH = '/box-reg-info/create';
export const BOX_REG_LABELS_PATH = '/box-reg-info/labels';
