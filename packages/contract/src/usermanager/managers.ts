/**
 * /user_register: sub-managers, assignment, add-device (claim by CK code) and the CK group calls (spec 7, issue 12;
 * rules in docs/people.md). Schemas and endpoint descriptors.
 */
export const managerEndpoints = {};
