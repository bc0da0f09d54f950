/** The subjects a message can have: the select's options after its empty one. */
export const subjects = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'support', label: 'Technical Support' },
  { value: 'feedback', label: 'Feedback' },
  { value: 'partnership', label: 'Partnership Opportunity' },
] as const;

/** True for a subject from the list; a kept draft may hold anything. */
export function isSubject(value: string): boolean {
  return subjects.some((subject) => subject.value === value);
}
