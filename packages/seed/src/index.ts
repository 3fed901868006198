/**
 * Seed data (issue 20): what a new install starts with, not what the contract says. The built-in controller types and
 * their pages are seeded once by migration 0017 and then are rows root edits; the simulator's boxes run them, and tests
 * and tools name their registers by key (`builtinRegister`).
 */
export * from './builtin-types.js';
export * from './box-types.js';
export * from './lock-registers.js';
