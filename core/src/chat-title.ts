/**
 * The chat's name: its launcher, its panel's heading and Settings' preview say the same. A module of its own so the
 * widgets' boot chunk, which draws the launcher, imports these few bytes and nothing else.
 */
export const chatTitle = (organization: string): string => `Chat with ${organization}`;
