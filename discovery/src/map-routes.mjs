// @ts-check
// An environment's map: read by anyone (composers, with its ETag), served with the environment
// (which slices exist, their origins and paths: the administrator's); written by a token under a
// precondition and the write rules, one revision per change, without the environment; its history
// and old revisions (as stored, without it), read by a token of that environment.
import { isRecord, remoteMapProblems } from '@nova/contracts/remote-map';
import { etagMatches } from '@nova/kit/etag';
import { inTransaction, isUniqueViolation } from './database.mjs';
import { servedEnvironment, servedMap, servedTag } from './environments.mjs';
import { Refusal, answerJson, answerText, bodyText, headerText, listedTags, refuseIf } from './http.mjs';
import { otherFieldsChanged, sliceChanges } from './map-changes.mjs';
import {
  addRevision,
  environmentAndLatest,
  environmentNamed,
  hadTraffic,
  latestRevision,
  lockEnvironment,
  revisionNumbered,
  revisionWithKey,
  sliceHistory,
} from './store.mjs';
import { namePattern } from './tokens.mjs';
import { environmentRefusal, originRefusal, pagesRefusal, scopeRefusal, stagingRefusal } from './write-rules.mjs';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {import('pg').Pool} Pool */
/** @typedef {import('./tokens.mjs').Identity} Identity */

/**
 * How a map is stored and served: the same bytes for the same map, compact (indentation would
 * grow with the map's depth, not its content), measured against `maxMapBytes` before it is stored.
 */
const serialized = (/** @type {unknown} */ map) => `${JSON.stringify(map)}\n`;
/** The one rule an administrator may set aside for a write, by naming it in `Slice-Override`. */
const overridable = 'unstaged';
const keyPattern = /^[\w.:-]{8,128}$/;

/**
 * @param {{ pool: Pool, identify: (request: IncomingMessage) => Promise<Identity>, maxMapBytes: number }} options
 */
export function mapRoutes({ pool, identify, maxMapBytes }) {
  /** The environment, or 404. */
  const environmentOrRefusal = async (/** @type {string} */ name) => {
    const environment = await environmentNamed(pool, name);
    if (!environment) throw new Refusal(404, `There is no environment named ${name}.`);
    return environment;
  };

  /**
   * GET/HEAD: the latest revision with the environment, 304 to a client that holds it (its tag
   * covers both: servedTag).
   * @param {IncomingMessage} request @param {ServerResponse} response @param {string} name
   */
  async function read(request, response, name) {
    const ifNoneMatch = request.headers['if-none-match'];
    const found = await environmentAndLatest(pool, name);
    if (!found) throw new Refusal(404, `There is no environment named ${name}.`);
    const { latest } = found;
    if (!latest) throw new Refusal(404, `${name} has no map yet: the administrator creates its first one.`);
    const environment = servedEnvironment(found.environment);
    const etag = servedTag(latest, environment);
    const headers = { etag, 'cache-control': 'max-age=1' };
    // The map is not even fetched for a client that holds it.
    if (etagMatches(ifNoneMatch, etag)) return void response.writeHead(304, headers).end();
    const revision = await revisionNumbered(pool, name, latest.number);
    if (!revision) throw new Error(`${name}'s revision ${latest.number} vanished.`);
    const bytes = Buffer.from(servedMap(revision.map, environment));
    response.writeHead(200, { ...headers, 'content-type': 'application/json', 'content-length': bytes.length });
    response.end(request.method === 'HEAD' ? undefined : bytes);
  }

  /**
   * The write's preconditions, before its body is read: which revision it is based on, the rule
   * it sets aside, its key and command.
   * @param {IncomingMessage} request
   * @param {Identity} identity
   */
  function preconditions(request, identity) {
    const ifMatch = listedTags(request.headers['if-match']);
    const createOnly = listedTags(request.headers['if-none-match']).includes('*');
    if (ifMatch.includes('*'))
      throw new Refusal(
        428,
        'If-Match: * is not taken: send the ETag of the revision you read, so no change lands on one you have not seen.',
      );
    if (ifMatch.length === 0 && !createOnly)
      throw new Refusal(428, 'A write needs If-Match with the ETag of the revision it is based on.');
    if (createOnly && !identity.admin)
      throw new Refusal(
        403,
        `Only the administrator creates an environment's first map (If-None-Match: *), not ${identity.team}.`,
      );
    const override = headerText(request, 'slice-override', 64);
    if (override !== undefined && override !== overridable)
      throw new Refusal(400, `Slice-Override names a rule to set aside: only "${overridable}" is one.`);
    if (override !== undefined && !identity.admin)
      throw new Refusal(403, `Only the administrator overrides a rule (Slice-Override), not ${identity.team}.`);
    const key = headerText(request, 'idempotency-key', 200);
    if (key !== undefined && !keyPattern.test(key))
      throw new Refusal(400, `An Idempotency-Key is 8 to 128 letters, digits, ".", ":", "_" or "-".`);
    return {
      ifMatch,
      createOnly,
      override: override ?? null,
      key: key ?? null,
      command: headerText(request, 'slice-command', 300) ?? `${request.method} (no Slice-Command given)`,
    };
  }

  /**
   * PUT: a new revision, if the token may make it and it is based on the latest one.
   * @param {IncomingMessage} request @param {ServerResponse} response @param {string} name
   */
  async function write(request, response, name) {
    const identity = await identify(request);
    refuseIf(403, environmentRefusal(identity, name));
    const environment = await environmentOrRefusal(name);
    const { ifMatch, createOnly, override, key, command } = preconditions(request, identity);
    let map;
    try {
      map = JSON.parse(await bodyText(request, maxMapBytes));
    } catch (error) {
      if (error instanceof Refusal) throw error;
      throw new Refusal(400, 'The body is not JSON, so it is not a remote map.');
    }
    if (isRecord(map) && Object.hasOwn(map, 'environment'))
      throw new Refusal(
        400,
        `The map carries an environment: that is the administrator's (slice environment ${name} --origins … --paths …), and the service serves the map with it. Send the map without "environment".`,
      );
    const problems = remoteMapProblems(map);
    if (problems.length > 0) throw new Refusal(400, `The body is not a remote map: ${problems.slice(0, 10).join(' ')}`);
    const text = serialized(map);
    const servedBytes = Buffer.byteLength(servedMap(text, servedEnvironment(environment)));
    if (servedBytes > maxMapBytes)
      throw new Refusal(
        413,
        `The map would be ${servedBytes} bytes as served (with its environment), over the limit of ${maxMapBytes} bytes (the composers read no larger map).`,
      );

    const outcome = await inTransaction(pool, async (client) => {
      await lockEnvironment(client, name);
      // The environment as of this write (its administrator may have changed it since the request came).
      const settings = (await environmentNamed(client, name)) ?? environment;
      const served = servedEnvironment(settings);
      if (key) {
        const done = await revisionWithKey(client, name, key);
        if (done && done.tokenId === identity.id && done.map === text)
          return { status: 200, etag: servedTag(done, served), replayed: true };
        if (done) throw new Refusal(422, 'This Idempotency-Key was used for another change.');
      }
      const latest = await latestRevision(client, name);
      const latestTag = latest && servedTag(latest, served);
      /** @type {Record<string, string>} */
      const current = latestTag ? { etag: latestTag } : {};
      if (createOnly ? latest : !latestTag || !ifMatch.includes(latestTag))
        throw new Refusal(412, `${name}'s map has changed since it was read: read it again.`, current);
      const before = latest?.map ? JSON.parse(latest.map) : undefined;
      const changes = sliceChanges(before, map);
      if (latestTag && changes.length === 0 && !otherFieldsChanged(before, map))
        return { status: 200, etag: latestTag, replayed: false };
      refuseIf(403, scopeRefusal(identity, changes, otherFieldsChanged(before, map)));
      refuseIf(422, originRefusal(settings, changes));
      refuseIf(409, pagesRefusal(served, before, map));
      const environments = [environment.stagedIn ?? name, name];
      const unstaged = await stagingRefusal(settings, changes, (slice, artifact) =>
        hadTraffic(client, environments, slice, artifact),
      );
      if (unstaged && !override) throw new Refusal(409, unstaged);
      const number = (latest?.number ?? 0) + 1;
      const stored = await addRevision(client, {
        environment: name,
        number,
        map: text,
        identity,
        command,
        override: unstaged ? override : null,
        idempotencyKey: key,
        changes,
      });
      return { status: latest ? 200 : 201, etag: servedTag({ number, etag: stored }, served), replayed: false };
    }).catch((error) => {
      if (!isUniqueViolation(error)) throw error;
      // Another write based on the same revision committed first (the lock makes this rare).
      throw new Refusal(412, `${name}'s map has changed since it was read: read it again.`);
    });
    answerText(response, outcome.status, '', {
      etag: outcome.etag,
      ...(outcome.replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
  }

  /**
   * GET history?slice=<slice>[&limit=N]: the revisions that changed a slice, newest first.
   * @param {IncomingMessage} request @param {ServerResponse} response @param {string} name @param {URLSearchParams} query
   */
  async function history(request, response, name, query) {
    refuseIf(403, environmentRefusal(await identify(request), name, 'read'));
    await environmentOrRefusal(name);
    const slice = query.get('slice') ?? '';
    if (!namePattern.test(slice)) throw new Refusal(400, 'Name the slice: history?slice=<slice>.');
    const limit = Number(query.get('limit') ?? 50);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      throw new Refusal(400, 'limit is a whole number from 1 to 1000.');
    answerJson(response, 200, { environment: name, slice, revisions: await sliceHistory(pool, name, slice, limit) });
  }

  /**
   * GET revisions/<n>: the whole map as of that revision.
   * @param {IncomingMessage} request @param {ServerResponse} response @param {string} name @param {number} number
   */
  async function revision(request, response, name, number) {
    refuseIf(403, environmentRefusal(await identify(request), name, 'read'));
    const found = Number.isSafeInteger(number) ? await revisionNumbered(pool, name, number) : undefined;
    if (!found) throw new Refusal(404, `${name} has no revision ${number}.`);
    response.writeHead(200, { etag: found.etag, 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(found.map);
  }

  return { read, write, history, revision };
}
