/**
 * What an IP address a host name resolved to is (a DNS answer's `data`): public, or one of the kinds a business's URL
 * may never reach (loopback, private, link-local, carrier-grade NAT, cloud metadata, unspecified, or another range
 * no public server lives in). IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by it.
 */

export type AddressKind = "public" | "loopback" | "private" | "link_local" | "cgnat" | "metadata" | "unspecified" | "reserved";

/** [first address, prefix length, kind], IPv4 as 32-bit numbers. */
type V4Range = [number, number, AddressKind];

const v4 = (dotted: string) => dotted.split(".").reduce((value, part) => value * 256 + Number(part), 0);

const V4_RANGES: V4Range[] = [
  [v4("169.254.169.254"), 32, "metadata"],
  [v4("100.100.100.200"), 32, "metadata"],
  [v4("0.0.0.0"), 8, "unspecified"],
  [v4("10.0.0.0"), 8, "private"],
  [v4("100.64.0.0"), 10, "cgnat"],
  [v4("127.0.0.0"), 8, "loopback"],
  [v4("169.254.0.0"), 16, "link_local"],
  [v4("172.16.0.0"), 12, "private"],
  [v4("192.0.0.0"), 24, "reserved"],
  [v4("192.0.2.0"), 24, "reserved"],
  [v4("192.88.99.0"), 24, "reserved"],
  [v4("192.168.0.0"), 16, "private"],
  [v4("198.18.0.0"), 15, "reserved"],
  [v4("198.51.100.0"), 24, "reserved"],
  [v4("203.0.113.0"), 24, "reserved"],
  [v4("224.0.0.0"), 4, "reserved"],
  [v4("240.0.0.0"), 4, "reserved"],
];

const inV4 = (address: number, [first, bits]: V4Range) => Math.floor(address / 2 ** (32 - bits)) === Math.floor(first / 2 ** (32 - bits));

/** An IPv4 address in dotted decimal (four parts of 0 to 255, no leading zeros), as a 32-bit number; null otherwise. */
export function parseIpv4(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^(?:0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255)) return null;
  return v4(text);
}

/** An IPv6 address (with `::` and a trailing dotted IPv4 allowed, no zone) as its eight 16-bit groups; null otherwise. */
export function parseIpv6(text: string): number[] | null {
  if (!/^[0-9a-f:.]+$/i.test(text) || text.split("::").length > 2) return null;
  let tail: number[] = [];
  let body = text;
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const address = parseIpv4(dotted[2]!);
    if (address === null) return null;
    tail = [Math.floor(address / 65_536), address % 65_536];
    body = dotted[1]!.endsWith("::") ? dotted[1]! : dotted[1]!.slice(0, -1);
  }
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const [head, rest] = body.includes("::") ? [groups(body.split("::")[0]!), groups(body.split("::")[1]!)] : [groups(body), null];
  const all = [...head, ...(rest ?? [])];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  const given = all.length + tail.length;
  if (rest === null ? given !== 8 : given > 7) return null;
  const parse = (list: string[]) => list.map((group) => Number.parseInt(group, 16));
  return [...parse(head), ...new Array<number>(8 - given).fill(0), ...parse(rest ?? []), ...tail];
}

function v4Kind(address: number): AddressKind {
  return V4_RANGES.find((range) => inV4(address, range))?.[2] ?? "public";
}

/** The prefix of `groups` in 16-bit groups and bits: does the address start with `prefix` over its first `bits` bits? */
function startsWith(groups: number[], prefix: number[], bits: number): boolean {
  for (let index = 0; index * 16 < bits; index++) {
    const take = Math.min(16, bits - index * 16);
    const shift = 16 - take;
    if (groups[index]! >> shift !== (prefix[index] ?? 0) >> shift) return false;
  }
  return true;
}

const embedded = (high: number, low: number) => high * 65_536 + low;

function v6Kind(groups: number[]): AddressKind {
  const zeros = (count: number) => groups.slice(0, count).every((group) => group === 0);
  if (groups.every((group) => group === 0)) return "unspecified";
  if (zeros(7) && groups[7] === 1) return "loopback";
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): the IPv4 address decides.
  if (zeros(5) && groups[5] === 0xffff) return v4Kind(embedded(groups[6]!, groups[7]!));
  if (zeros(6)) return v4Kind(embedded(groups[6]!, groups[7]!));
  // NAT64 (64:ff9b::/96) carries an IPv4 address in its last 32 bits; 6to4 (2002::/16) in bits 16 to 48.
  if (startsWith(groups, [0x64, 0xff9b, 0, 0, 0, 0], 96)) return v4Kind(embedded(groups[6]!, groups[7]!));
  if (startsWith(groups, [0x2002], 16)) return v4Kind(embedded(groups[1]!, groups[2]!));
  // AWS's metadata service over IPv6 (fd00:ec2::254), inside the unique local range.
  if (groups[0] === 0xfd00 && groups[1] === 0x0ec2 && groups.slice(2, 7).every((group) => group === 0) && groups[7] === 0x254) return "metadata";
  if (startsWith(groups, [0xfc00], 7)) return "private";
  if (startsWith(groups, [0xfe80], 10)) return "link_local";
  if (startsWith(groups, [0xfec0], 10)) return "private";
  if (startsWith(groups, [0xff00], 8)) return "reserved";
  // Local-use NAT64, discard-only, Teredo, documentation.
  if (startsWith(groups, [0x64, 0xff9b, 1], 48) || startsWith(groups, [0x100, 0, 0, 0], 64)) return "reserved";
  if (startsWith(groups, [0x2001, 0], 32) || startsWith(groups, [0x2001, 0xdb8], 32)) return "reserved";
  return "public";
}

/** What `text` (an IPv4 or IPv6 address as DNS answers write it) is; null when it is not an address. */
export function addressKind(text: string): AddressKind | null {
  const ipv4 = parseIpv4(text);
  if (ipv4 !== null) return v4Kind(ipv4);
  const ipv6 = parseIpv6(text);
  return ipv6 ? v6Kind(ipv6) : null;
}
