// @ts-check
// A slice's pages, as each version declares them: the address pattern (React Router's syntax: fixed
// segments, `:name` parameters, a final `*`), the exposed module that renders it and its title. A
// slice's build writes them into its mf-manifest.json (`pages`), `slice publish` records them in
// the version's map entry (`metadata.pages`), and the composer and the browser route by them: the
// portal's pages are data of its slices' versions, not of the shell's build. Versions published
// before pages were declared have the ones the portal had then (`legacyPages`).

/**
 * One page a version declares.
 * @typedef {object} PageDeclaration
 * @property {string} path its address pattern (`/games/:gameId`)
 * @property {string} module the exposed module that renders it (`GamePage`)
 * @property {string} title what the page is called (`Game`), the document's title while it loads
 */

/** The most pages one version may declare. */
export const maxPages = 32;
const maxPathLength = 200;
const maxTitleLength = 80;

/** A fixed segment of an address, as the portal writes them: lower case, nothing to escape. */
const fixedSegment = /^[a-z0-9][a-z0-9._~-]*$/;
const parameterSegment = /^:[a-zA-Z][a-zA-Z0-9]{0,31}$/;
/** An exposed module's name: a component's. */
const moduleName = /^[A-Z][A-Za-z0-9]{0,63}$/;

/** An address pattern's segments (`/games/:gameId`: `games`, `:gameId`; `/`: none). */
export const segmentsOf = (/** @type {string} */ pattern) => pattern.split('/').filter(Boolean);

/**
 * Why `path` is not an address pattern a page may have, if it is not one: `/`, or fixed segments
 * and `:parameters`, the last of which may be `*` (everything below).
 * @param {unknown} path
 * @returns {string | undefined}
 */
export function patternProblem(path) {
  if (typeof path !== 'string' || !path.startsWith('/') || path.length > maxPathLength)
    return `its path must start with / and be at most ${maxPathLength} characters`;
  if (path !== '/' && path.endsWith('/')) return `its path ${JSON.stringify(path)} must not end with /`;
  const segments = segmentsOf(path);
  const bad = segments.find(
    (segment, index) =>
      !fixedSegment.test(segment) &&
      !parameterSegment.test(segment) &&
      !(segment === '*' && index === segments.length - 1),
  );
  if (bad !== undefined)
    return `its path ${JSON.stringify(path)} has ${JSON.stringify(bad)}: fixed segments are lower case (a-z, 0-9, "-", ".", "_", "~"), parameters :name, and only the last may be *`;
  return undefined;
}

/**
 * What is wrong with a version's page declarations (nothing: `[]`), for messages that name `where`.
 * @param {string} where
 * @param {unknown} pages
 * @returns {string[]}
 */
export function pagesProblems(where, pages) {
  if (!Array.isArray(pages)) return [`${where} must be a list of pages.`];
  if (pages.length > maxPages) return [`${where} may list at most ${maxPages} pages.`];
  /** @type {string[]} */
  const problems = [];
  const seen = new Set();
  pages.forEach((page, index) => {
    const at = `${where}[${index}]`;
    if (typeof page !== 'object' || page === null || Array.isArray(page))
      return void problems.push(`${at} must be { path, module, title }.`);
    const { path, module, title } = /** @type {Record<string, unknown>} */ (page);
    const extra = Object.keys(page).find((key) => !['path', 'module', 'title'].includes(key));
    if (extra !== undefined)
      problems.push(`${at} holds ${JSON.stringify(extra.slice(0, 40))}: a page is { path, module, title }.`);
    const pathProblem = patternProblem(path);
    if (pathProblem) problems.push(`${at}: ${pathProblem}.`);
    else if (seen.has(path)) problems.push(`${at}: ${path} is declared twice.`);
    else seen.add(path);
    if (typeof module !== 'string' || !moduleName.test(module))
      problems.push(`${at}.module must name an exposed module (GamePage: a capital, then letters and digits).`);
    if (
      typeof title !== 'string' ||
      title.length === 0 ||
      title.length > maxTitleLength ||
      !/^[^\p{Cc}\p{Cf}]*$/u.test(title)
    )
      problems.push(`${at}.title must be 1 to ${maxTitleLength} characters of plain text.`);
  });
  return problems;
}

/**
 * The parameters `path` gives `pattern`, if it matches it (a final `*` takes the rest, as `*`).
 * Both are canonical: lower case, no trailing slash.
 * @param {string} pattern
 * @param {string} path
 * @returns {Record<string, string> | undefined}
 */
export function matchPattern(pattern, path) {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(path);
  const splat = wanted.at(-1) === '*';
  if (splat ? given.length < wanted.length - 1 : given.length !== wanted.length) return undefined;
  /** @type {Record<string, string>} */
  const params = {};
  for (const [index, segment] of wanted.entries()) {
    if (segment === '*') {
      params['*'] = given.slice(index).join('/');
      break;
    }
    const value = /** @type {string} */ (given[index]);
    if (segment.startsWith(':')) params[segment.slice(1)] = value;
    else if (segment !== value) return undefined;
  }
  return params;
}

/** How specific a pattern is, as React Router ranks routes: fixed segments over parameters over `*`. */
const rank = (/** @type {string} */ pattern) =>
  segmentsOf(pattern).reduce((score, segment) => score + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10), 0);

/**
 * The page of `pages` that `path` shows, the most specific one where several match, and its
 * parameters; none where no page matches.
 * @template {{ path: string }} P
 * @param {readonly P[]} pages
 * @param {string} path
 * @returns {{ page: P, params: Record<string, string> } | undefined}
 */
export function pageAt(pages, path) {
  /** @type {{ page: P, params: Record<string, string> } | undefined} */
  let best;
  for (const page of pages) {
    const params = matchPattern(page.path, path);
    if (params && (!best || rank(page.path) > rank(best.page.path))) best = { page, params };
  }
  return best;
}

/**
 * Whether some address matches both patterns: segment by segment, two fixed segments that differ
 * keep them apart; a parameter matches any one segment, a final `*` any rest (none included).
 * @param {string} a
 * @param {string} b
 */
export function patternsOverlap(a, b) {
  const [left, right] = [segmentsOf(a), segmentsOf(b)];
  const leftSplat = left.at(-1) === '*';
  const rightSplat = right.at(-1) === '*';
  const leftFixed = leftSplat ? left.slice(0, -1) : left;
  const rightFixed = rightSplat ? right.slice(0, -1) : right;
  const shared = Math.min(leftFixed.length, rightFixed.length);
  for (let index = 0; index < shared; index += 1) {
    const [x, y] = [/** @type {string} */ (leftFixed[index]), /** @type {string} */ (rightFixed[index])];
    if (!x.startsWith(':') && !y.startsWith(':') && x !== y) return false;
  }
  if (leftFixed.length === rightFixed.length) return true;
  // One is longer: only a `*` on the shorter one reaches its extra segments.
  return leftFixed.length < rightFixed.length ? leftSplat : rightSplat;
}
