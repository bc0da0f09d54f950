// @ts-check
// The edge's nginx configuration for one environment: edge/nginx.conf and slice-origins.conf with
// their upper-case ${…} placeholders filled in (nginx's own $variables are left as they are).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  bucketChoiceStatus,
  bucketCookie,
  bucketCookiePatterns,
  bucketCount,
  bucketSetCookie,
  edgeBucketsHeader,
} from '../packages/contracts/src/traffic.js';
import { overridePatterns } from '../packages/contracts/src/dev-override.js';
import { fieldSignalTokenPath } from '../packages/contracts/src/field-signals.js';
import { precompressedExtensions } from '../packages/build-preset/src/precompressed.js';
import { errorLogName, nginxMimeTypes, nginxString as quoted } from '../packages/tooling/src/nginx.js';
import { encodingRules, preferredEncoding } from '../shell/server/encoding.mjs';
import {
  cachePolicy,
  edgeSecurityHeader,
  fileHeaders,
  securityFingerprint,
  sliceOriginHeaders,
} from '../shell/server/page-policy.mjs';
import { unservedFile } from '../shell/server/static-files.mjs';

/**
 * @typedef {object} EdgeSettings
 * @property {string} host the address the edge's origins listen on (`localhost`)
 * @property {number} port the shell origin's port
 * @property {string} composer the composer's address, `host:port` (`127.0.0.1:4181`)
 * @property {string} shellBuild the shell's build folder
 * @property {{ port: number, root: string }[]} slices each slice origin: its port and its folder of versions
 * @property {Record<string, string>} securityHeaders what the composer sends on every response, by name
 */

/** A path as one nginx string: quoted; refused if nginx would read part of it as something else. */
function nginxPath(/** @type {string} */ path) {
  if (/["\\$\n]/.test(path)) throw new Error(`The edge cannot use a path with ", \\, $ or a line break: ${path}`);
  return `"${path}"`;
}

/** A header value as one nginx string; refused if nginx would read a variable in it. */
function nginxValue(/** @type {string} */ value) {
  if (/[$\n]/.test(value)) throw new Error(`The edge cannot send a header value with $ or a line break: ${value}`);
  return quoted(value);
}

/** The map lines that name a visitor's bucket as the composer reads it (packages/contracts/src/traffic.js), in its order. */
const bucketCookieRules = [
  `${quoted(`~${bucketCookiePatterns.namedTwice}`)} ambiguous;`,
  `${quoted(`~${bucketCookiePatterns.bucket}`)} $1;`,
  `${quoted(`~${bucketCookiePatterns.named}`)} ambiguous;`,
];

/**
 * The Accept-Encoding headers browsers send (Chromium, Firefox, Safari) and none: each form chosen
 * by the composer's own rule (preferredEncoding), looked up exactly before any pattern is tried.
 */
const encodingExact = [
  '',
  'gzip, deflate, br, zstd',
  'gzip, deflate, br',
  'br, gzip, deflate',
  'gzip, deflate',
  'gzip',
].map((header) => `${quoted(header)} ${preferredEncoding(header)};`);

/** The map lines that choose a page's form as the composer does (shell/server/encoding.mjs), in its order. */
const encodingMapRules = encodingRules.map(({ pattern, encoding }) => `${quoted(`~*${pattern}`)} ${encoding};`);

/** nginx's own type of each extension, from the table it reads (`types` in mime.types). */
function nginxTypes() {
  /** @type {Map<string, string>} */
  const types = new Map();
  for (const [, type = '', extensions = ''] of readFileSync(nginxMimeTypes, 'utf8').matchAll(
    /^\s*(\S+\/\S+)\s+([^;]+);/gm,
  ))
    for (const extension of extensions.trim().split(/\s+/)) types.set(extension, type);
  return types;
}

/**
 * The locations of a build's files, in a files location or server: source maps and build records
 * refused (as the Node origins refuse them), and each precompressed type sent in the form the
 * client takes by the composer's rule (`$precompressed`: `<file>.br`, `<file>.gz`, or the file),
 * typed as the file itself. Not Debian's brotli_static: its 1.0.0~rc reads three bytes past the
 * end of the name it makes (`path.len += 3` on a length that already counts them), and a `/`
 * there sends disable_symlinks's walk into `<file>.br` as a folder: gzip instead, now and then.
 */
function fileLocations() {
  const types = nginxTypes();
  return [
    `location ~ ${quoted(unservedFile.source)} {`,
    '    return 404;',
    '}',
    // An extension nginx has no type for is sent as it is (none of those is built for browsers).
    ...precompressedExtensions
      .filter((extension) => types.has(extension))
      .map(
        (extension) =>
          `location ~ \\.${extension}$ { types { } default_type ${types.get(extension)}; try_files $uri$precompressed $uri =404; }`,
      ),
  ];
}

/**
 * The Set-Cookie that gives a new visitor the bucket nginx picked (`$new_bucket`), over https and
 * over http, written by the composer's own builder (bucketSetCookie) with nginx's variable for the
 * number.
 */
const edgeBucketSetCookie = (/** @type {boolean} */ secure) => bucketSetCookie('$new_bucket', secure);

/** split_clients lines: each bucket an equal share of the visitors (the last takes what rounding leaves). */
const newBuckets = Array.from({ length: bucketCount }, (_, bucket) =>
  bucket === bucketCount - 1 ? `* ${bucket};` : `${100 / bucketCount}% ${bucket};`,
);

/**
 * A template with its ${UPPER_CASE} names replaced by their values.
 * @param {string} template
 * @param {Record<string, string>} values
 */
function fillIn(template, values) {
  return template.replace(/\$\{([A-Z_]+)\}/g, (_, name) => {
    const value = values[name];
    if (value === undefined) throw new Error(`The edge's configuration names \${${name}}, which has no value.`);
    return value;
  });
}

const template = (/** @type {string} */ name) => readFileSync(join(import.meta.dirname, name), 'utf8');

/**
 * The files nginx reads, by name, for one environment.
 * @param {EdgeSettings} settings
 * @returns {Record<string, string>}
 */
export function edgeConfig({ host, port, composer, shellBuild, slices, securityHeaders }) {
  const address = host.includes(':') ? `[${host}]` : host;
  const lines = (/** @type {string[]} */ each, indent = '    ') => each.map((line) => `${indent}${line}`).join('\n');
  // Each security header the composer sent when the edge started is added where an answer has none
  // of its own (the composer leaves its own out where they are these): a variable per header, set by
  // a map on the answer's CSP, empty (not sent) where the answer has one.
  const pinned = Object.entries(securityHeaders);
  const securityMaps = pinned.map(
    ([, value], index) =>
      `map $sent_http_content_security_policy $edge_security_${index} { "" ${nginxValue(value)}; default ""; }`,
  );
  const security = pinned.map(([name], index) => `add_header ${name} $edge_security_${index} always;`);
  /** A build's files, cached for good, with these headers on every answer (`always`: errors too). */
  const immutableWith = (/** @type {Record<string, string>} */ headers) => [
    `add_header Cache-Control ${nginxValue(cachePolicy.immutable)};`,
    // Which form was sent (the file try_files found), and that the type is sent in several.
    'add_header Content-Encoding $precompressed_encoding;',
    'add_header Vary $precompressed_vary;',
    ...Object.entries(headers).map(([name, value]) => `add_header ${name} ${nginxValue(value)} always;`),
  ];
  return {
    'nginx.conf': fillIn(template('nginx.conf'), {
      ASSET_HEADERS: lines(immutableWith(fileHeaders), '            '),
      ASSET_LOCATIONS: lines(fileLocations(), '            '),
      PRECOMPRESSED_PATH: quoted(`~\\.(?:${precompressedExtensions.join('|')})$`),
      UNSERVED_FILE: quoted(unservedFile.source),
      ERROR_LOG: nginxPath(errorLogName),
      LISTEN: `${address}:${port}`,
      COMPOSER: composer,
      SHELL_BUILD: nginxPath(shellBuild),
      SECURITY_HEADERS: lines(security, '        '),
      SECURITY_MAPS: lines(securityMaps),
      SECURITY_FINGERPRINT: securityFingerprint(pinned.flat()),
      ENCODING_EXACT: lines(encodingExact, '        '),
      ENCODING_RULES: lines(encodingMapRules, '        '),
      BUCKET_COOKIE_RULES: lines(bucketCookieRules, '        '),
      NEW_BUCKETS: lines(newBuckets, '        '),
      BUCKET_COOKIE: bucketCookie,
      BUCKET_SET_COOKIE: edgeBucketSetCookie(false),
      BUCKET_SET_COOKIE_SECURE: edgeBucketSetCookie(true),
      EDGE_BUCKETS_HEADER: edgeBucketsHeader,
      EDGE_SECURITY_HEADER: edgeSecurityHeader,
      BUCKET_CHOICE: String(bucketChoiceStatus),
      FIELD_SIGNAL_TOKEN_PATH: fieldSignalTokenPath,
      OVERRIDE_COOKIE_NAMED: quoted(`~${overridePatterns.cookieNamed}`),
      OVERRIDE_LINK: quoted(`~${overridePatterns.link}`),
      // A status no composer answer has: it only sends the request on to @override.
      OVERRIDE_STATUS: '418',
    }),
    'slice-origins.conf':
      slices.length === 0
        ? '# No slice origins at this edge: it serves pages only.\n'
        : fillIn(template('slice-origins.conf'), {
            SLICE_FOLDERS: lines(slices.map((slice) => `${slice.port} ${nginxPath(slice.root)};`)),
            SLICE_LISTENS: lines(slices.map((slice) => `listen ${address}:${slice.port};`)),
            SLICE_ORIGIN_HEADERS: lines(immutableWith(sliceOriginHeaders)),
            SLICE_FILE_LOCATIONS: lines(fileLocations()),
          }),
  };
}
