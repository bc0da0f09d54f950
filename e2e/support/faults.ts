import type { IncomingMessage, ServerResponse } from 'node:http';

/** How a deployment answers one of its files instead of serving it. */
export type Fault = (req: IncomingMessage, res: ServerResponse, file: Buffer) => void;

/** Answers with an HTTP error status. */
export const status =
  (code: number): Fault =>
  (_, res) => {
    res.writeHead(code, { 'Content-Type': 'text/plain' }).end(`Error ${code}`);
  };

/** Answers with an HTML page, as a misconfigured host or proxy would. */
export const htmlPage: Fault = (_, res) => {
  res
    .writeHead(200, { 'Content-Type': 'text/html' })
    .end('<!doctype html><title>Oops</title><p>Something else lives here.</p>');
};

/** Answers with an empty body. */
export const emptyBody: Fault = (_, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' }).end();
};

/** Sends the first half of the file, then ends: a cut-off download. */
export const truncated: Fault = (req, res, file) => {
  res.writeHead(200, { 'Content-Type': contentType(req.url ?? '') }).end(file.subarray(0, Math.floor(file.length / 2)));
};

/** Sends the file one small piece at a time, `intervalMs` apart, so it arrives after `totalMs`. */
export const slowDrip =
  (totalMs: number, pieces = 20): Fault =>
  (req, res, file) => {
    res.writeHead(200, { 'Content-Type': contentType(req.url ?? ''), 'Access-Control-Allow-Origin': '*' });
    const size = Math.ceil(file.length / pieces);
    let sent = 0;
    const timer = setInterval(() => {
      res.write(file.subarray(sent, sent + size));
      sent += size;
      if (sent >= file.length) {
        clearInterval(timer);
        res.end();
      }
    }, totalMs / pieces);
    res.on('close', () => clearInterval(timer));
  };

/** Holds every request until `release()`, then serves the file: a deployment that answers late. */
export function gate(): Fault & { release(): void } {
  const waiting: (() => void)[] = [];
  let open = false;
  const fault: Fault = (req, res, file) => {
    const answer = () =>
      res.writeHead(200, { 'Content-Type': contentType(req.url ?? ''), 'Access-Control-Allow-Origin': '*' }).end(file);
    if (open) answer();
    else waiting.push(answer);
  };
  return Object.assign(fault, {
    release() {
      open = true;
      for (const answer of waiting.splice(0)) answer();
    },
  });
}

/** Accepts the request and never answers. */
export const never: Fault = () => undefined;

/** Answers with `body` as JSON. */
export const json =
  (body: string): Fault =>
  (_, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
  };

function contentType(url: string) {
  if (url.includes('.json')) return 'application/json';
  if (url.includes('.js')) return 'text/javascript';
  return 'application/octet-stream';
}
