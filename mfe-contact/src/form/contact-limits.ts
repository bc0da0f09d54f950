/** Longest accepted text per field, in characters as the visitor sees them (the product's decisions on the contact form). */
export const lengthLimits = {
  name: 100,
  email: 254,
  message: 5000,
} as const;

/** The message's counter shows from this length on, as the text nears its limit. */
export const messageCounterFrom = 4500;

const count = new Intl.NumberFormat('en-US');

/** A character count as the form shows it: `4,500`. */
export function formatCount(characters: number): string {
  return count.format(characters);
}
