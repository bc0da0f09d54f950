import { FieldBox, Select } from './field-styles.ts';
import { isSubject, subjects } from './subjects.ts';

interface SubjectFieldProps {
  /** The field's name in the form; its id is `contact-<name>`. */
  name: string;
  value: string;
  onValueChange: (value: string) => void;
}

/** The required subject select; a kept value that is not on the list shows as unselected. */
export function SubjectField({ name, value, onValueChange }: SubjectFieldProps) {
  const id = `contact-${name}`;
  return (
    <FieldBox>
      <label htmlFor={id}>Subject</label>
      <Select
        id={id}
        name={name}
        required
        value={isSubject(value) ? value : ''}
        onChange={(event) => onValueChange(event.target.value)}
      >
        <option value="">Select a subject</option>
        {subjects.map((subject) => (
          <option key={subject.value} value={subject.value}>
            {subject.label}
          </option>
        ))}
      </Select>
    </FieldBox>
  );
}
