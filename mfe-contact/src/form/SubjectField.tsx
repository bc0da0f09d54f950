import { useTheme } from '@emotion/react';
import { useId } from 'react';
import { controlStyle, FieldBox } from './field-styles.ts';
import { isSubject, subjects } from './subjects.ts';

/** The required subject select; a kept value that is not on the list shows as unselected. */
export function SubjectField({ value, onValueChange }: { value: string; onValueChange: (value: string) => void }) {
  const theme = useTheme();
  const id = useId();
  return (
    <FieldBox>
      <label htmlFor={id}>Subject</label>
      <select
        id={id}
        name="subject"
        required
        value={isSubject(value) ? value : ''}
        onChange={(event) => onValueChange(event.target.value)}
        css={controlStyle(theme)}
      >
        <option value="">Select a subject</option>
        {subjects.map((subject) => (
          <option key={subject.value} value={subject.value}>
            {subject.label}
          </option>
        ))}
      </select>
    </FieldBox>
  );
}
