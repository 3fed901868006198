/** Tests name registers by key: `reg('screw-compressor', 'fault_bits')` is 40050 (one lookup, in the contract). */
export { builtinRegister as reg, type BuiltinTypeCode } from '@dms/seed';
