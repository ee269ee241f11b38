import { describe, expect, it } from "vitest";
import { dohSimulator } from "./doh";

const JSON_ACCEPT = "application/dns-json";
const ask = (doh: ReturnType<typeof dohSimulator>, query: string, accept: string | null = JSON_ACCEPT) =>
  doh.handle("GET", new URL(`http://127.0.0.1/dns-query?${query}`), accept, "");

describe("the DoH simulator answers as Cloudflare's JSON API does", () => {
  const doh = dohSimulator({ "example.com": { A: ["93.184.216.34"], AAAA: ["2606:2800:220:1:248:1893:25c8:1946"], ttl: 1726 } });

  it("NOERROR with the records, names written with their final dot", () => {
    expect(ask(doh, "name=Example.COM.&type=AAAA")).toEqual({
      status: 200,
      contentType: "application/dns-json",
      body: {
        Status: 0,
        TC: false,
        RD: true,
        RA: true,
        AD: false,
        CD: false,
        Question: [{ name: "example.com.", type: 28 }],
        Answer: [{ name: "example.com.", type: 28, TTL: 1726, data: "2606:2800:220:1:248:1893:25c8:1946" }],
      },
    });
    expect((ask(doh, "name=example.com")?.body as { Answer: unknown[] }).Answer).toEqual([{ name: "example.com.", type: 1, TTL: 1726, data: "93.184.216.34" }]);
    expect((ask(doh, "name=example.com&type=1")?.body as { Question: unknown[] }).Question).toEqual([{ name: "example.com.", type: 1 }]);
  });

  it("NXDOMAIN for a name it does not know, NOERROR without an Answer for a type the name has none of", () => {
    const unknown = ask(doh, "name=nowhere.example&type=A")?.body as { Status: number; Answer?: unknown; Authority: { type: number }[] };
    expect([unknown.Status, unknown.Answer, unknown.Authority[0]?.type]).toEqual([3, undefined, 6]);
    const noData = ask(doh, "name=example.com&type=MX")?.body as { Status: number; Answer?: unknown };
    expect([noData.Status, noData.Answer]).toEqual([0, undefined]);
  });

  it("a 400 without a name, for an unknown type, or when JSON was not asked for", () => {
    expect(ask(doh, "type=A")?.status).toBe(400);
    expect(ask(doh, "name=example.com&type=BOGUS")?.status).toBe(400);
    expect(ask(doh, "name=example.com", "application/dns-message")?.status).toBe(400);
    expect(ask(doh, "name=example.com&ct=application/dns-json", null)?.status).toBe(200);
  });

  it("takes a test's records and lists the queries", () => {
    const local = dohSimulator();
    local.handle("POST", new URL("http://127.0.0.1/__dns"), null, JSON.stringify({ name: "rebind.test", A: ["10.0.0.5"], ttl: 0 }));
    expect((ask(local, "name=rebind.test")?.body as { Answer: unknown[] }).Answer).toEqual([{ name: "rebind.test.", type: 1, TTL: 0, data: "10.0.0.5" }]);
    local.handle("POST", new URL("http://127.0.0.1/__dns"), null, JSON.stringify({ name: "rebind.test" }));
    expect((ask(local, "name=rebind.test")?.body as { Status: number }).Status).toBe(3);
    expect(local.handle("GET", new URL("http://127.0.0.1/__dns-queries"), null, "")?.body).toEqual([
      { name: "rebind.test", type: "A" },
      { name: "rebind.test", type: "A" },
    ]);
    expect(local.handle("GET", new URL("http://127.0.0.1/crm/v3/objects/contacts"), null, "")).toBeNull();
  });
});
