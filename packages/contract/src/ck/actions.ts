/** What the operation log records of this area; each is named in the area's messages as `action.<name>`. */
export const actions = ['ck.create', 'ck.update', 'ck.delete', 'ck.types', 'ck.generate', 'ck.boxSet', 'ck.boxImport'] as const;
