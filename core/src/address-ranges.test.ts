import { describe, expect, it } from "vitest";
import { type AddressKind, addressKind, parseIpv6 } from "./address-ranges";

/** [a DNS answer's address, what it is] */
const TABLE: [string, AddressKind | null][] = [
  ["93.184.216.34", "public"],
  ["1.1.1.1", "public"],
  ["8.8.8.8", "public"],
  ["100.63.255.255", "public"],
  ["100.128.0.0", "public"],
  ["172.15.255.255", "public"],
  ["172.32.0.0", "public"],
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["10.0.0.5", "private"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.168.1.10", "private"],
  ["169.254.169.254", "metadata"],
  ["100.100.100.200", "metadata"],
  ["169.254.1.1", "link_local"],
  ["100.64.1.1", "cgnat"],
  ["100.127.255.255", "cgnat"],
  ["0.0.0.0", "unspecified"],
  ["0.1.2.3", "unspecified"],
  ["198.18.0.1", "reserved"],
  ["224.0.0.1", "reserved"],
  ["255.255.255.255", "reserved"],
  ["2606:2800:220:1:248:1893:25c8:1946", "public"],
  ["2001:4860:4860::8888", "public"],
  ["::1", "loopback"],
  ["0:0:0:0:0:0:0:1", "loopback"],
  ["::", "unspecified"],
  ["fc00::1", "private"],
  ["fd12:3456::1", "private"],
  ["fd00:ec2::254", "metadata"],
  ["fe80::1", "link_local"],
  ["febf::1", "link_local"],
  ["fec0::1", "private"],
  ["ff02::1", "reserved"],
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:7f00:1", "loopback"],
  ["::ffff:a9fe:a9fe", "metadata"],
  ["::ffff:10.0.0.5", "private"],
  ["::ffff:93.184.216.34", "public"],
  ["::127.0.0.1", "loopback"],
  ["64:ff9b::a9fe:a9fe", "metadata"],
  ["64:ff9b::10.0.0.5", "private"],
  ["64:ff9b::5db8:d822", "public"],
  ["2002:a9fe:a9fe::", "metadata"],
  ["2002:c0a8:0101::1", "private"],
  ["2001:db8::1", "reserved"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "reserved"],
  // Not addresses.
  ["example.com", null],
  ["127.1", null],
  ["0x7f000001", null],
  ["256.1.1.1", null],
  ["01.2.3.4", null],
  ["1:2:3:4:5:6:7:8:9", null],
  ["1::2::3", null],
  ["fe80::1%eth0", null],
  ["", null],
];

describe("addressKind: what a resolved address is", () => {
  it.each(TABLE)("%s is %s", (text, kind) => {
    expect(addressKind(text)).toBe(kind);
  });

  it("reads every IPv6 notation into the same eight groups", () => {
    const loopback = [0, 0, 0, 0, 0, 0, 0, 1];
    for (const text of ["::1", "0::1", "0:0:0:0:0:0:0:1", "::0:1"]) expect(parseIpv6(text)).toEqual(loopback);
    expect(parseIpv6("::ffff:1.2.3.4")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(parseIpv6("1:2:3:4:5:6:1.2.3.4")).toEqual([1, 2, 3, 4, 5, 6, 0x102, 0x304]);
  });
});
