import { beforeAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { call } from "./accounts";
import { type BookingOrganization, book, bookingOrganization, localStart } from "./booking";

/**
 * Never double-booked (issue 35 §4): requests racing for one time book exactly one, because the database itself refuses
 * an overlapping booked row (migration 0020's triggers), not a read before the write. This file fails if those
 * triggers are lost (drizzle-kit does not track them; a table rebuild would drop them).
 */
let org: BookingOrganization;
beforeAll(async () => {
  org = await bookingOrganization("Race Plumbing");
});

const person = (index: number) => ({ name: `Caller ${index}`, phone: `+1415555${String(1000 + index)}` });

describe("racing for a time", () => {
  it("20 parallel bookings of one slot give exactly one 201 and nineteen 409s", async () => {
    const start = localStart(4, "10:00");
    const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => book(org.owner, { service_id: org.serviceId, start, ...person(index) })));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("slot_taken");
    }
    const held = await env.DB.prepare("select count(*) as n from appointments where organization_id = ? and status = 'booked' and start_at = ?")
      .bind(org.owner.organizationId, new Date(start).getTime())
      .first<number>("n");
    expect(held).toBe(1);
  });

  it("overlapping times of different lengths and buffers, raced, keep one booking", async () => {
    const long = (await (
      await call("/api/services", { cookie: org.owner.cookie, body: { name: "Long job", duration_minutes: 90, buffer_minutes: 30 } })
    ).json()) as {
      service: { id: string };
    };
    // 13:00–14:30 (+30 buffer) against 30-minute bookings at 13:30, 14:00, 14:30 and 14:45: every pair overlaps the long one.
    const attempts = [
      { service_id: long.service.id, start: localStart(4, "13:00") },
      ...["13:30", "14:00", "14:30", "14:45"].map((time) => ({ service_id: org.serviceId, start: localStart(4, time) })),
    ];
    const responses = await Promise.all(
      attempts.flatMap((attempt, index) => [book(org.owner, { ...attempt, ...person(100 + index) }), book(org.owner, { ...attempt, ...person(200 + index) })]),
    );
    const kept = responses.filter((response) => response.status === 201).length;
    expect(responses.every((response) => response.status === 201 || response.status === 409)).toBe(true);
    // Either the long one alone, or some of the short ones (which do not overlap each other), never both kinds.
    const rows = await env.DB.prepare(
      "select start_at, busy_until from appointments where organization_id = ? and status = 'booked' and start_at >= ? and start_at < ? order by start_at",
    )
      .bind(org.owner.organizationId, new Date(localStart(4, "12:00")).getTime(), new Date(localStart(4, "16:00")).getTime())
      .all<{ start_at: number; busy_until: number }>();
    expect(rows.results).toHaveLength(kept);
    for (let i = 1; i < rows.results.length; i++) expect(rows.results[i]!.start_at).toBeGreaterThanOrEqual(rows.results[i - 1]!.busy_until);
  });
});
