// @ts-check
// Who sent a request, as far as limits and counts go: the address of its peer, or, when that peer
// is a proxy the environment trusts (TRUSTED_PROXIES), the client that proxy names in
// X-Forwarded-For (proxy-addr walks the chain from the nearest hop, as Express does). Anyone else's
// X-Forwarded-For is ignored: a client cannot pose as many. An IPv6 client is its /64 (one
// machine or home holds a whole one), an IPv4-mapped address its IPv4 one.
import ipaddr from 'ipaddr.js';
import proxyAddr from 'proxy-addr';

/**
 * The client of a request, from its peer's address and its X-Forwarded-For.
 * @param {readonly string[]} trustedProxies addresses, CIDRs, or proxy-addr's names (loopback…)
 * @returns {(peer: string | undefined, forwardedFor: string | null) => string}
 */
export function clientAddress(trustedProxies) {
  const trust = proxyAddr.compile([...trustedProxies]);
  return (peer = '', forwardedFor) => {
    const request = { connection: { remoteAddress: peer }, headers: { 'x-forwarded-for': forwardedFor ?? undefined } };
    const named = forwardedFor ? proxyAddr(/** @type {any} */ (request), trust) : peer;
    // A trusted proxy that forwards something other than an address: the proxy is the client.
    return clientKey(ipaddr.isValid(named) ? named : peer);
  };
}

/** An address as the client it counts as: IPv4 as it is, IPv6 by its /64. */
function clientKey(/** @type {string} */ address) {
  if (!ipaddr.isValid(address)) return address.slice(0, 64);
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = /** @type {import('ipaddr.js').IPv6} */ (parsed).parts.slice(0, 4);
  return `${prefix.map((part) => part.toString(16)).join(':')}::/64`;
}
