import { findGame, type Game } from './games.ts';

/** What a valid launch link asks for. */
export interface Launch {
  game: Game;
  /** The locale amounts are formatted in (the wording is English). */
  lang: string;
  /** ISO 4217 code of the currency the demo balance is shown in. */
  currency: string;
  channel: string;
  partner: string;
  /** A `seed` makes the session reproducible; without one every session differs. */
  seed: string | undefined;
}

export type LaunchResult = { ok: true; launch: Launch } | { ok: false; reason: string };

/** Launch values are echoed in messages: long ones are cut short. */
const quoted = (value: string) => `“${value.length > 40 ? `${value.slice(0, 40)}…` : value}”`;

/** The locale to format amounts in: the requested one when it is a valid language tag, else English. */
function locale(lang: string | null): string {
  if (!lang) return 'en';
  try {
    return Intl.getCanonicalLocales(lang)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/**
 * Reads the launch contract from the launcher's query string: `gameCode`, `lang`, `channel`,
 * `mode`, `currency`, `partner`, `token` and an optional `seed`. A launch this provider cannot
 * honour gets the reason, worded for the visitor.
 */
export function parseLaunch(query: string): LaunchResult {
  const params = new URLSearchParams(query);
  const get = (name: string) => params.get(name)?.trim() || null;
  const refuse = (reason: string): LaunchResult => ({ ok: false, reason });

  const gameCode = get('gameCode');
  if (!gameCode) return refuse('The launch link names no game.');
  const game = findGame(gameCode);
  if (!game) return refuse(`There is no game ${quoted(gameCode)} here.`);

  const mode = get('mode');
  if (mode !== 'demo') {
    return refuse(
      mode
        ? `Only demo play is offered here, not ${quoted(mode)} play.`
        : 'The launch link does not ask for demo play.',
    );
  }
  if (!get('token')) return refuse('The launch link carries no session token.');

  const currency = get('currency')?.toUpperCase();
  if (!currency) return refuse('The launch link names no currency.');
  if (!/^[A-Z]{3}$/.test(currency)) return refuse(`${quoted(currency)} is not a currency code.`);

  return {
    ok: true,
    launch: {
      game,
      lang: locale(get('lang')),
      currency,
      channel: get('channel') ?? 'desktop',
      partner: get('partner') ?? '',
      seed: get('seed') ?? undefined,
    },
  };
}
