export * from './codes.js';
export * from './roles.js';
export * from './access.js';
export * from './i18n.js';
export * from './messages.js';
export * from './validation.js';
export * from './api.js';
export * from './controller-types.js';
