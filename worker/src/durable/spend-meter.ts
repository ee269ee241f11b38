import { DurableObject } from "cloudflare:workers";

/** One UTC day of an organization's spend, in micro-dollars. */
interface Day {
  day: string;
  spent: number;
  /** Calls admitted and not yet ended: what each holds until its real cost is charged. */
  reserved: Record<string, { micro: number; at: number }>;
  /** Charges already counted (a repeated status callback counts once). */
  charged: string[];
  /** Thresholds the owner was already told about today. */
  told: ("warning" | "capped")[];
}

export interface SpendSnapshot {
  spent: number;
  reserved: number;
}

/** A reservation left by a call whose end never arrived stops holding spend after this long. */
const RESERVATION_TTL_MS = 2 * 60 * 60 * 1000;
const WARNING_FRACTION = 0.8;

/**
 * One object per organization: its spend today, so the daily cap holds under concurrent calls. Each
 * read-modify-write below uses the synchronous storage API (SQLite-backed), so no other call can run between the
 * read and the write: 20 calls at once were seen to slip a third one past a $1 cap with the awaited API.
 */
export class SpendMeter extends DurableObject {
  private today(day: string): Day {
    const stored = this.ctx.storage.kv.get<Day>("day");
    if (stored?.day === day) {
      const now = Date.now();
      for (const [key, hold] of Object.entries(stored.reserved)) if (now - hold.at > RESERVATION_TTL_MS) delete stored.reserved[key];
      return stored;
    }
    return { day, spent: 0, reserved: {}, charged: [], told: [] };
  }

  private static held(day: Day): number {
    return Object.values(day.reserved).reduce((sum, hold) => sum + hold.micro, 0);
  }

  /**
   * Admits a call when today's spend and the calls in progress are under the cap, holding `reserveMicro` for it;
   * so past the cap, spend can run over by at most what the last admitted call costs beyond its hold.
   */
  async admit(day: string, key: string, reserveMicro: number, capMicro: number): Promise<{ admitted: boolean } & SpendSnapshot> {
    const state = this.today(day);
    const held = SpendMeter.held(state);
    const admitted = state.spent + held < capMicro || key in state.reserved;
    if (admitted && !(key in state.reserved)) {
      state.reserved[key] = { micro: reserveMicro, at: Date.now() };
      this.ctx.storage.kv.put("day", state);
    }
    return { admitted, spent: state.spent, reserved: SpendMeter.held(state) };
  }

  /** Counts a cost once per key, releases its hold, and answers the thresholds crossed for the first time today. */
  async charge(day: string, key: string, micro: number, capMicro: number): Promise<{ crossed: ("warning" | "capped")[] } & SpendSnapshot> {
    const state = this.today(day);
    delete state.reserved[key];
    // An empty key is a charge that cannot repeat (a chat reply), so it is not remembered.
    if (!key || !state.charged.includes(key)) {
      if (key) state.charged.push(key);
      state.spent += micro;
    }
    const crossed: ("warning" | "capped")[] = [];
    if (state.spent >= capMicro * WARNING_FRACTION && !state.told.includes("warning")) crossed.push("warning");
    if (state.spent >= capMicro && !state.told.includes("capped")) crossed.push("capped");
    state.told.push(...crossed);
    this.ctx.storage.kv.put("day", state);
    return { crossed, spent: state.spent, reserved: SpendMeter.held(state) };
  }

  async snapshot(day: string): Promise<SpendSnapshot> {
    const state = this.today(day);
    return { spent: state.spent, reserved: SpendMeter.held(state) };
  }
}
