/**
 * Room for every bench call's booking: each simulated caller asks for tomorrow morning and books the first time offered,
 * but the demo business opens on weekdays only with 30-minute slots, so 50 callers at once (and rounds of them) found
 * the morning full and tried time after time (about nine tools a call), and a quarter of the calls booked and texted.
 * Opened all day with 5-minute slots, cleared before each pass and with room for its texts, every call books (on
 * its first time or the next one offered: callers at once race for the earliest) and texts, on the product and on
 * bench:voice's control baseline alike.
 */
const ALL_DAY = JSON.stringify(Object.fromEntries(["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => [day, [{ open: "00:00", close: "23:59" }]])));

export const openAgenda = (db: D1Database) =>
  db.batch([
    db.prepare("update agents set hours_json = ?").bind(ALL_DAY),
    db.prepare("update services set duration_minutes = 5, buffer_minutes = 0"),
    // Every booking texts its confirmation, about 300 a run: over the trial's 100 an hour (Growth's), within the
    // Unlimited plan's 500 (which reports no overage, so a call's end does what the trial's does).
    db.prepare("update organization_settings set booking_slot_step_minutes = 5, texts_per_hour = 500, texts_per_day = 5000"),
    db.prepare(
      "insert into subscriptions (organization_id, plan_slug, status) select id, 'unlimited', 'active' from organizations where true " +
        "on conflict (organization_id) do update set plan_slug = 'unlimited', status = 'active'",
    ),
  ]);

/** The bookings of earlier passes let go. */
export const clearAgenda = (db: D1Database) => db.prepare("delete from appointments").run();
