/**
 * /user_register and /device_user_permission: helpers, sharing and the switch right (spec 7, issue 12; rules in
 * docs/people.md). Schemas and endpoint descriptors.
 */
export const helperEndpoints = {};
