import { useTheme } from '@emotion/react';
import { useEffect, useId, useRef, type ChangeEvent } from 'react';
import { formatCount } from './contact-limits.ts';
import { controlStyle, FieldBox, FieldNote } from './field-styles.ts';

interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Longest accepted text. Longer text is kept as typed, marked invalid and blocks submission. */
  limit: number;
  /** Show a character counter from this length on; by default only once the limit is passed. */
  counterFrom?: number;
  type?: 'text' | 'email';
  autoComplete?: string;
  /** Makes the field a text area of this many rows. */
  rows?: number;
}

/** A required text field with a visible label and a length limit that never cuts what was typed. */
export function TextField({ label, value, onValueChange, limit, counterFrom = limit + 1, type = 'text', autoComplete, rows, name }: TextFieldProps) {
  const theme = useTheme();
  const id = useId();
  const control = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const tooLong = value.length > limit;
  const onlySpaces = value.length > 0 && value.trim() === '';
  const showCounter = value.length >= counterFrom;
  const error = tooLong ? `${label} is too long: please keep it to ${formatCount(limit)} characters or fewer.` : '';

  // While a field is too long, or holds nothing but spaces (which `required` lets through),
  // the browser blocks submission and reports why.
  const validity = error || (onlySpaces ? `Please fill in ${label.toLowerCase()}: spaces alone are not enough.` : '');
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
    css: controlStyle(theme),
  };

  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      {rows ? <textarea rows={rows} {...controlProps} /> : <input type={type} autoComplete={autoComplete} {...controlProps} />}
      {showCounter && (
        <FieldNote id={counterId} tone={tooLong ? 'danger' : 'muted'}>
          {formatCount(value.length)} of {formatCount(limit)} characters
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
