import { useEffect, useMemo, useRef, type ChangeEvent } from 'react';
import { countCharacters, isBlank } from './characters.ts';
import { formatCount } from './contact-limits.ts';
import { FieldBox, FieldNote, Input, TextArea } from './field-styles.ts';

interface TextFieldProps {
  /** The field's name in the form; its id is `contact-<name>`, the same wherever the page renders. */
  name: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Longest accepted text, in characters as the visitor sees them. Longer text is kept as typed, marked invalid and blocks submission. */
  limit: number;
  /** Show a character counter from this length on; by default only once the limit is passed. */
  counterFrom?: number;
  type?: 'text' | 'email';
  autoComplete?: string;
  /** Makes the field a text area of this many rows. */
  rows?: number;
}

/** A required text field with a visible label and a length limit that never cuts what was typed. */
export function TextField({
  label,
  value,
  onValueChange,
  limit,
  counterFrom = limit + 1,
  type = 'text',
  autoComplete,
  rows,
  name,
}: TextFieldProps) {
  const id = `contact-${name}`;
  const control = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const characters = useMemo(() => countCharacters(value), [value]);
  const tooLong = characters > limit;
  const looksEmpty = value !== '' && isBlank(value);
  const showCounter = characters >= counterFrom;
  const error = tooLong ? `${label} is too long: please keep it to ${formatCount(limit)} characters or fewer.` : '';

  // While a field is too long, or holds nothing visible (which `required` lets through),
  // the browser blocks submission and reports why.
  const blank = `Please fill in ${label.toLowerCase()}: spaces or invisible characters alone are not enough.`;
  const validity = error || (looksEmpty ? blank : '');
  useEffect(() => {
    control.current?.setCustomValidity(validity);
  }, [validity]);

  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const controlProps = {
    id,
    name,
    ref: control,
    value,
    required: true,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onValueChange(event.target.value),
    'aria-invalid': tooLong || undefined,
    'aria-describedby': [showCounter && counterId, tooLong && errorId].filter(Boolean).join(' ') || undefined,
  };

  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      {rows ? (
        <TextArea rows={rows} {...controlProps} />
      ) : (
        <Input type={type} autoComplete={autoComplete} {...controlProps} />
      )}
      {showCounter && (
        <FieldNote id={counterId} tone={tooLong ? 'danger' : 'muted'}>
          {formatCount(characters)} of {formatCount(limit)} characters
        </FieldNote>
      )}
      {tooLong && (
        <FieldNote id={errorId} role="alert" tone="danger">
          {error}
        </FieldNote>
      )}
    </FieldBox>
  );
}
