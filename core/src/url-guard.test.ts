import { describe, expect, it } from "vitest";
import { PUBLIC_URL_POLICY, type UrlPolicy, type UrlRefusal, type UrlScheme, hostToResolve, isZapierCatchHook, urlPolicyFrom, urlRefusal } from "./url-guard";

const LOCAL: UrlPolicy = { local: true, testAllow: [] };
const TESTS: UrlPolicy = { local: false, testAllow: ["127.0.0.1:8813"] };

/** [url, the field's scheme, refusal deployed (null: allowed), refusal on a local deployment] */
const TABLE: [string, UrlScheme, UrlRefusal | null, UrlRefusal | null][] = [
  // Public host names: allowed everywhere.
  ["https://hooks.example.com/crm", "https", null, null],
  ["https://crm.example.co.uk/a/b?c=d#e", "https", null, null],
  ["HTTPS://CRM.Example.COM/Hook", "https", null, null],
  ["https://crm.example.com:443/hook", "https", null, null],
  ["wss://voice.example.com/twilio/stream", "wss", null, null],
  ["wss://api.openai.com/v1/realtime", "wss", null, null],
  ["https://xn--bcher-kva.example/hook", "https", null, null],
  ["https://1.2.3.4.example.com/hook", "https", null, null],
  // IP literals in every notation.
  ["https://127.0.0.1/hook", "https", "ip_literal", null],
  ["wss://169.254.169.254/latest", "wss", "ip_literal", "ip_literal"],
  ["wss://10.0.0.5", "wss", "ip_literal", "ip_literal"],
  ["wss://2130706433", "wss", "ip_literal", "ip_literal"],
  ["https://0x7f000001/", "https", "ip_literal", "ip_literal"],
  ["https://0x7f.0.0.1/", "https", "ip_literal", "ip_literal"],
  ["https://0177.0.0.1/", "https", "ip_literal", "ip_literal"],
  ["https://127.1/", "https", "ip_literal", "ip_literal"],
  ["https://192.168.1.10:8443/", "https", "ip_literal", "ip_literal"],
  ["wss://[::1]/", "wss", "ip_literal", "ip_literal"],
  ["https://[::ffff:127.0.0.1]/", "https", "ip_literal", "ip_literal"],
  ["https://[0:0:0:0:0:ffff:7f00:1]/", "https", "ip_literal", "ip_literal"],
  ["https://[fd00::1]:443/", "https", "ip_literal", "ip_literal"],
  ["https://example.0x10/", "https", "ip_literal", "ip_literal"],
  // Encodings the WHATWG parser would turn into an address.
  ["https://%31%32%37.0.0.1/", "https", "ip_literal", "ip_literal"],
  ["https://１２７.０.０.１/", "https", "malformed", "malformed"],
  ["https://127.0.0\n.1/", "https", "malformed", "malformed"],
  ["https://exam\tple.com/", "https", "malformed", "malformed"],
  [" https://example.com/", "https", "malformed", "malformed"],
  ["https://example.com\\@127.0.0.1/", "https", "malformed", "malformed"],
  ["https://bücher.example/", "https", "malformed", "malformed"],
  ["https://example..com/", "https", "malformed", "malformed"],
  ["https://example.com./", "https", "malformed", "malformed"],
  ["https://-bad.example.com/", "https", "malformed", "malformed"],
  ["https://under_score.example.com/", "https", "malformed", "malformed"],
  ["https:/example.com/", "https", "malformed", "malformed"],
  ["example.com/hook", "https", "malformed", "malformed"],
  ["https://example.com:99999/", "https", "malformed", "malformed"],
  ["https://example.com:/", "https", "malformed", "malformed"],
  // Local and internal names.
  ["https://localhost/hook", "https", "internal_host", null],
  ["http://localhost:8787/hook", "https", "internal_host", null],
  ["ws://127.0.0.1:8801/__chat-requests", "wss", "ip_literal", null],
  ["wss://127.0.0.1:8801/twilio/stream", "wss", "ip_literal", null],
  ["https://LOCALHOST:3000/", "https", "internal_host", null],
  ["https://api.localhost/", "https", "internal_host", "internal_host"],
  ["https://metadata.google.internal/computeMetadata/v1/", "https", "internal_host", "internal_host"],
  ["wss://metadata.google.internal", "wss", "internal_host", "internal_host"],
  ["https://printer.local/", "https", "internal_host", "internal_host"],
  ["https://1.0.0.127.in-addr.arpa/", "https", "internal_host", "internal_host"],
  ["https://127.0.0.1.nip.io/", "https", "internal_host", "internal_host"],
  ["https://10-0-0-5.sslip.io/", "https", "internal_host", "internal_host"],
  // Public names that answer with a loopback or private address (or rebind between lookups), and names of one's own network.
  ["https://127.0.0.1.traefik.me/", "https", "internal_host", "internal_host"],
  ["https://localho.st/", "https", "internal_host", "internal_host"],
  ["https://app.localho.st/", "https", "internal_host", "internal_host"],
  ["https://local.gd/", "https", "internal_host", "internal_host"],
  ["https://crm.local.gd/", "https", "internal_host", "internal_host"],
  ["https://make-127-0-0-1-rebind-169-254-169-254-rr.1u.ms/", "https", "internal_host", "internal_host"],
  ["https://7f000001.c0a80001.rbndr.us/", "https", "internal_host", "internal_host"],
  ["https://fuf.me/", "https", "internal_host", "internal_host"],
  ["https://kubernetes.default.svc/", "https", "internal_host", "internal_host"],
  ["https://foo.localdomain/", "https", "internal_host", "internal_host"],
  ["https://api.default.svc.cluster.local/", "https", "internal_host", "internal_host"],
  ["https://readme.localtest.me/", "https", "internal_host", "internal_host"],
  ["https://app.lvh.me/", "https", "internal_host", "internal_host"],
  ["https://0a000005.nip.io/", "https", "internal_host", "internal_host"],
  ["https://10.0.0.5.example.com/", "https", "internal_host", "internal_host"],
  ["https://169.254.169.254.wildcard.example/", "https", "internal_host", "internal_host"],
  ["https://app-10-0-0-5.example.com/", "https", "internal_host", "internal_host"],
  ["https://x-1-100-64-1-1.example.com/", "https", "internal_host", "internal_host"],
  ["https://app-93-184-216-34.example.com/", "https", null, null],
  ["https://intranet/", "https", "single_label", "single_label"],
  ["wss://bridge/twilio/stream", "wss", "single_label", "single_label"],
  ["http://[::1]:8787/", "https", "ip_literal", "ip_literal"],
  ["http://0.0.0.0:8787/", "https", "ip_literal", "ip_literal"],
  // Credentials, ports, schemes.
  ["https://user:pass@example.com/", "https", "credentials", "credentials"],
  ["https://evil.example@127.0.0.1/", "https", "credentials", "credentials"],
  ["https://user@localhost/", "https", "credentials", "credentials"],
  ["https://example.com:8443/", "https", "port", "port"],
  ["wss://voice.example.com:8080/twilio/stream", "wss", "port", "port"],
  ["http://crm.example.com/hook", "https", "scheme", "scheme"],
  ["ws://voice.example.com/twilio/stream", "wss", "scheme", "scheme"],
  ["https://voice.example.com/twilio/stream", "wss", "scheme", "scheme"],
  ["wss://crm.example.com/hook", "https", "scheme", "scheme"],
  ["ftp://files.example.com/", "https", "scheme", "scheme"],
  ["file:///etc/passwd", "https", "malformed", "malformed"],
  ["gopher://localhost:25/", "https", "internal_host", "scheme"],
  ["javascript://example.com/%0aalert(1)", "https", "scheme", "scheme"],
];

describe("urlRefusal: every URL a business gives us", () => {
  it("holds at least 40 rows", () => expect(TABLE.length).toBeGreaterThanOrEqual(40));

  it.each(TABLE)("%j as %s: deployed %s", (url, scheme, deployed) => {
    expect(urlRefusal(url, scheme, PUBLIC_URL_POLICY)).toBe(deployed);
  });

  it.each(TABLE)("%j as %s: on a local deployment %s (then %s)", (url, scheme, _deployed, local) => {
    expect(urlRefusal(url, scheme, LOCAL)).toBe(local);
  });

  it("a test configuration's allow-list admits exactly its host and port, plain schemes too, and nothing else", () => {
    expect(urlRefusal("http://127.0.0.1:8813/hooks/catch/1/a/", "https", TESTS)).toBeNull();
    expect(urlRefusal("ws://127.0.0.1:8813/twilio/stream", "wss", TESTS)).toBeNull();
    expect(urlRefusal("http://127.0.0.1:8814/", "https", TESTS)).toBe("ip_literal");
    expect(urlRefusal("http://127.0.0.1/", "https", TESTS)).toBe("ip_literal");
    expect(urlRefusal("http://localhost:8813/", "https", TESTS)).toBe("internal_host");
    expect(urlRefusal("ftp://127.0.0.1:8813/", "https", TESTS)).toBe("scheme");
    expect(urlRefusal("http://127.0.0.1:8813@evil.example/", "https", TESTS)).toBe("credentials");
  });
});

describe("hostToResolve: the name resolved before each fetch", () => {
  it.each([
    ["https://Hooks.Example.com:443/crm", PUBLIC_URL_POLICY, "hooks.example.com"],
    ["wss://voice.example.com/twilio/stream", PUBLIC_URL_POLICY, "voice.example.com"],
    ["http://localhost:8787/hook", LOCAL, null],
    ["http://127.0.0.1:8813/hook", TESTS, null],
    ["http://localhost:8813/hook", { local: false, testAllow: ["localhost:8813"] }, "localhost"],
    ["https://[::1]/", LOCAL, null],
  ] as const)("%s: %s", (url, policy, host) => {
    expect(hostToResolve(url, policy)).toBe(host);
  });
});

describe("isZapierCatchHook", () => {
  it.each([
    ["https://hooks.zapier.com/hooks/catch/123456/abcdef/", true],
    ["https://hooks.zapier.com/hooks/catch/123456/abcdef", true],
    ["https://hooks.zapier.com/hooks/catch/1/a_b-c/", true],
    ["https://hooks.zapier.com/hooks/catch/../../admin", false],
    ["https://hooks.zapier.com/hooks/catch/1/./a", false],
    ["https://hooks.zapier.com/hooks/catch/1%2f..%2fadmin", false],
    ["https://hooks.zapier.com/hooks/catch/1%2F..", false],
    ["https://hooks.zapier.com/hooks/catch/1/a?x=1", false],
    ["https://hooks.zapier.com/hooks/catch/1/a#x", false],
    ["https://hooks.zapier.com/hooks/catch/", false],
    ["https://hooks.zapier.com.evil.example/hooks/catch/1/a/", false],
    ["https://hooks.zapier.com@evil.example/hooks/catch/1/a/", false],
    ["http://hooks.zapier.com/hooks/catch/1/a/", false],
    ["https://hooks.zapier.com/hooks/other/1/a/", false],
    ["http://169.254.169.254/latest/meta-data", false],
  ])("%s: %s", (url, allowed) => expect(isZapierCatchHook(url)).toBe(allowed));
});

describe("urlRefusal against the WHATWG parser fetch uses", () => {
  // Core has no DOM types; the test runs in Node, whose URL is the WHATWG parser workerd uses too.
  const WhatwgUrl = (globalThis as unknown as { URL: new (input: string) => { hostname: string; port: string; username: string; protocol: string } }).URL;
  const pieces = [
    "0",
    "1",
    "7f",
    "0x",
    "127",
    "255",
    ".",
    "..",
    "%2e",
    "%31",
    "[",
    "]",
    ":",
    "::1",
    "@",
    "\\",
    "localhost",
    "internal",
    "local",
    "ffff",
    "a",
    "-",
    "com",
    "１",
    "\t",
  ];

  it("never allows what the parser reads as an address, a loopback name or a login, deployed", async () => {
    const fc = await import("fast-check");
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 8 }), fc.constantFrom("", ":443", ":80", ":8080"), (parts, port) => {
        const url = `https://${parts.join("")}${port}/x`;
        if (urlRefusal(url, "https", PUBLIC_URL_POLICY) !== null) return;
        const parsed = new WhatwgUrl(url);
        expect(parsed.hostname).not.toMatch(/^[\d.]+$|^\[|(^|\.)localhost$|\.internal$|\.local$/);
        expect(parsed.username).toBe("");
        expect(parsed.port).toBe("");
      }),
      { numRuns: 5000 },
    );
  });
});

describe("urlPolicyFrom: the deployment decides, from its own configuration", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["http://localhost:8787", true],
    ["http://127.0.0.1:8791", true],
    ["https://localhost", true],
    ["https://nikki.example.com", false],
    ["http://localhost.evil.example:8787", false],
    ["http://127.0.0.1.nip.io", false],
    ["http://[::1]:8787", false],
  ])("PUBLIC_BASE_URL %s: local %s", (base, local) => expect(urlPolicyFrom(base, undefined).local).toBe(local));

  it("reads the test-only allow-list as host:port pairs", () => {
    expect(urlPolicyFrom("https://nikki.test", " 127.0.0.1:8813, 127.0.0.1:8811 ").testAllow).toEqual(["127.0.0.1:8813", "127.0.0.1:8811"]);
    expect(urlPolicyFrom("https://nikki.test", undefined).testAllow).toEqual([]);
  });
});
