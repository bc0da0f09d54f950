// @ts-check
// Text the CLI did not write itself (what the discovery service stored: a command, a commit, a
// summary) as a terminal should show it: on one line and as it reads. Control characters (newlines,
// carriage returns, the escape that starts an ANSI sequence), line and paragraph separators and
// invisible format characters (a right-to-left override) are written as escapes (`\n`, `\u001b`),
// so no stored text can start a line of its own, colour one, or move the cursor.

const hidden = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
/** @type {Record<string, string>} */
const named = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * @param {string} text
 */
export const printable = (text) =>
  text.replace(hidden, (character) => {
    const code = /** @type {number} */ (character.codePointAt(0));
    return (
      named[character] ?? (code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`)
    );
  });
