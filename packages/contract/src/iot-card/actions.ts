/** What the operation log records of this area; each is named in the area's messages as `action.<name>`. */
export const actions = ['card.set', 'card.import', 'card.feedback', 'card.handle', 'card.prompt'] as const;
