import { timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import type { APIGatewayProxyEventV2 } from "aws-lambda";

/** The header CloudFront adds on its way to the API; its value is a secret only CloudFront and the functions know. */
export const ORIGIN_SECRET_HEADER = "x-origin-verify";
/** Set by CloudFront (forwarded by the origin request policy): the viewer's address and port, `198.51.100.7:46532`. */
export const VIEWER_ADDRESS_HEADER = "cloudfront-viewer-address";

export type CallerDecision = { allowed: true; ip: string } | { allowed: false };

/** Both strings' bytes compared in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function header(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const headers = event.headers ?? {};
  const value = headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return value === undefined || value === "" ? undefined : value;
}

/**
 * `CloudFront-Viewer-Address` is `<ip>:<port>`, the IPv6 form unbracketed (`2001:db8::1:443`): the port is what
 * follows the last colon. Null when what is left is not an IP address.
 */
export function viewerIp(value: string | undefined): string | null {
  if (!value) return null;
  const cut = value.lastIndexOf(":");
  if (cut <= 0 || !/^\d{1,5}$/.test(value.slice(cut + 1))) return null;
  const ip = value.slice(0, cut).replace(/^\[(.*)\]$/, "$1");
  return isIP(ip) ? ip.replace(/^::ffff:(?=\d+\.)/, "") : null;
}

/**
 * The one place that decides whether a request may be served and who sent it.
 *
 * Deployed (an origin secret is configured): only a request carrying the secret came through our CloudFront, so
 * anything else is refused, and only then is `CloudFront-Viewer-Address` believed (the socket address is a
 * CloudFront edge). Locally (no secret): the socket address, and never a header: any client can write
 * `X-Forwarded-For` or `CloudFront-Viewer-Address`.
 */
export function decideCaller(event: APIGatewayProxyEventV2, originSecret: string | undefined): CallerDecision {
  const socketIp = event.requestContext?.http?.sourceIp ?? "unknown";
  if (originSecret === undefined) return { allowed: true, ip: socketIp };
  const presented = header(event, ORIGIN_SECRET_HEADER);
  if (presented === undefined || !sameSecret(presented, originSecret)) return { allowed: false };
  return { allowed: true, ip: viewerIp(header(event, VIEWER_ADDRESS_HEADER)) ?? socketIp };
}

/**
 * The network a caller's address belongs to, as the address-keyed limits count it (design.md §13.4): an IPv4 address
 * is its own network; an IPv6 address counts as its /64, the block one subscriber line or host is normally given, so
 * hopping between the addresses of one /64 does not spread attempts over many counters. Written in full
 * (`2001:0db8:0000:0001::/64`), so two spellings of one network are one key. Anything else is returned as it is.
 */
export function networkOf(address: string): string {
  const mappedV4 = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)?.[1];
  if (mappedV4 && isIP(mappedV4) === 4) return mappedV4;
  if (isIP(address) !== 6) return address;
  const [head = "", tail] = address.toLowerCase().split("::");
  const groupsOf = (text: string | undefined) => (text ? text.split(":") : []);
  const left = groupsOf(head);
  const right = groupsOf(tail);
  // An embedded IPv4 tail (`::ffff:1.2.3.4`) is one piece standing for two groups; the /64 never reaches it.
  const pieces = left.length + right.length + (address.includes(".") ? 1 : 0);
  const full = tail === undefined ? left : [...left, ...Array.from({ length: 8 - pieces }, () => "0"), ...right];
  return `${full
    .slice(0, 4)
    .map((group) => group.padStart(4, "0"))
    .join(":")}::/64`;
}
