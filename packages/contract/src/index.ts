export * from './codes.js';
export * from './roles.js';
export * from './access.js';
export * from './permissions.js';
export * from './i18n.js';
export * from './messages.js';
export * from './validation.js';
export * from './envelope.js';
export * from './endpoint.js';
export * from './endpoints.js';
export * from './box-protocol.js';
export * from './realtime.js';
export * from './status-names.js';
export * from './reach-names.js';
export * from './device-field-names.js';
// Every area's schemas and pure logic, joined from the areas' folders (scripts/areas.mjs).
export * from './areas.generated.js';
