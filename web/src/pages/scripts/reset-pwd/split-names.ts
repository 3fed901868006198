/** The usernames typed one per line, or separated by commas, semicolons or spaces (full-width too), without repeats. */
export const splitNames = (text: string) => [...new Set(text.split(/[\s,;，、]+/).filter((n) => n !== ''))];
