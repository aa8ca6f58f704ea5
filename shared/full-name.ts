/**
 * Spec §5 full name, shared by the forms (registration), the profile flow and the sandbox's messages: empty,
 * fewer than two words, or a second word shorter than 2 characters. Pure: no imports.
 */
export type FullNameProblem = 'required' | 'fullName' | 'surname';

export function fullNameProblem(value: string): FullNameProblem | null {
  const words = value.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'required';
  if (words.length < 2) return 'fullName';
  if ((words[1] ?? '').length < 2) return 'surname';
  return null;
}
