/** /device-type/permission: permission templates (spec 2, 3; issue 12; docs/people.md). */
export const templateEndpoints = {};
