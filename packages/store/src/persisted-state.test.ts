import { describe, expect, it } from 'vitest';
import { emptyContactDraft, persistedStateVersion, readPersistedState } from './persisted-state.ts';

const draft = { name: 'Grace', email: 'grace@example.com', subject: 'support', message: 'Hello' };
const stored = (value: unknown) => JSON.stringify(value);

describe('readPersistedState', () => {
  it('reads back a value of this version and shape', () => {
    expect(readPersistedState(stored({ state: { contactDraft: draft }, version: persistedStateVersion }))).toEqual({
      state: { contactDraft: draft },
      version: persistedStateVersion,
    });
  });

  it('keeps only the draft fields it knows', () => {
    const value = stored({
      state: { contactDraft: { ...draft, extra: 'x' }, other: 1 },
      version: persistedStateVersion,
    });
    expect(readPersistedState(value)?.state).toEqual({ contactDraft: draft });
  });

  it('reads an empty draft back as it is', () => {
    const value = stored({ state: { contactDraft: emptyContactDraft }, version: persistedStateVersion });
    expect(readPersistedState(value)?.state.contactDraft).toEqual(emptyContactDraft);
  });

  it.each([
    ['nothing stored', null],
    ['text that is not JSON', '{"state": {"contactDraft"'],
    ['an older version', stored({ state: { contactDraft: draft }, version: persistedStateVersion - 1 })],
    ['a newer version', stored({ state: { contactDraft: draft }, version: persistedStateVersion + 1 })],
    [
      'a version that is not a number',
      stored({ state: { contactDraft: draft }, version: String(persistedStateVersion) }),
    ],
    ['no version', stored({ state: { contactDraft: draft } })],
    [
      'a draft with a field that is not text',
      stored({ state: { contactDraft: { ...draft, email: 42 } }, version: persistedStateVersion }),
    ],
    [
      'a draft with a field missing',
      stored({ state: { contactDraft: { name: 'Grace' } }, version: persistedStateVersion }),
    ],
    ['a draft that is a list', stored({ state: { contactDraft: ['Grace'] }, version: persistedStateVersion })],
    ['a state that is text', stored({ state: 'garbage', version: persistedStateVersion })],
    ['a bare draft', stored(draft)],
    ['a number', '42'],
    ['JSON null', 'null'],
  ])('drops %s', (_, text) => {
    expect(readPersistedState(text)).toBeNull();
  });
});
