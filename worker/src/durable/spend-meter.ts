import { DurableObject } from "cloudflare:workers";

type Threshold = "warning" | "capped";

/** One UTC day of an organization's spend, in micro-dollars: a small record, whatever the number of calls. */
interface Today {
  day: string;
  spent: number;
  /** The sum of the holds of calls admitted and not yet ended (each kept as its own `hold:` entry). */
  held: number;
  /** Thresholds the owner was already told about today. */
  told: Threshold[];
  /** When holds left by calls whose end never arrived were last looked for. */
  sweptAt: number;
}

/** What an admitted call holds until its real cost is charged. */
interface Hold {
  micro: number;
  at: number;
}

/** The record this object kept before holds and charges became entries of their own (read once, then converted). */
interface LegacyDay {
  day: string;
  spent: number;
  reserved: Record<string, Hold>;
  charged: string[];
  told: Threshold[];
}

export interface SpendSnapshot {
  spent: number;
  reserved: number;
}

/** A reservation left by a call whose end never arrived stops holding spend after this long. */
const RESERVATION_TTL_MS = 2 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 1000;
const WARNING_FRACTION = 0.8;

const TODAY = "today";
const holdKey = (key: string) => `hold:${key}`;
/** Charges already counted (a repeated status callback counts once), with their amount (1: counted before amounts were kept). */
const chargedKey = (key: string) => `charged:${key}`;

interface Charged {
  micro: number;
}

/**
 * One object per organization: its spend today, so the daily cap holds under concurrent calls. Each
 * read-modify-write below uses the synchronous storage API (SQLite-backed), so no other call can run between the
 * read and the write: 20 calls at once were seen to slip a third one past a $1 cap with the awaited API.
 * Each call's hold and charge is an entry of its own beside a small running total, so admitting or charging a call
 * costs the same on a business's thousandth call of the day as on its first.
 */
export class SpendMeter extends DurableObject {
  private get kv() {
    return this.ctx.storage.kv;
  }

  private today(day: string): Today {
    const stored = this.kv.get<Today>(TODAY);
    if (stored?.day === day) return this.sweep(stored);
    const legacy = this.kv.get<LegacyDay>("day");
    // A new day (or this object's first): yesterday's holds and charges go.
    for (const key of [...this.kv.list()].map(([name]) => name)) this.kv.delete(key);
    const today: Today = { day, spent: 0, held: 0, told: [], sweptAt: Date.now() };
    if (legacy?.day === day) {
      today.spent = legacy.spent;
      today.told = legacy.told;
      for (const key of legacy.charged) this.kv.put(chargedKey(key), 1);
      for (const [key, hold] of Object.entries(legacy.reserved)) {
        this.kv.put(holdKey(key), hold);
        today.held += hold.micro;
      }
    }
    this.kv.put(TODAY, today);
    return today;
  }

  /** Drops the holds of calls whose end never arrived, at most once a minute. */
  private sweep(today: Today): Today {
    const now = Date.now();
    if (now - today.sweptAt < SWEEP_EVERY_MS) return today;
    const stale = [...this.kv.list<Hold>({ prefix: "hold:" })].filter(([, hold]) => now - hold.at > RESERVATION_TTL_MS);
    for (const [key, hold] of stale) {
      this.kv.delete(key);
      today.held -= hold.micro;
    }
    today.sweptAt = now;
    this.kv.put(TODAY, today);
    return today;
  }

  /**
   * Admits a call when today's spend and the calls in progress are under the cap, holding `reserveMicro` for it;
   * so past the cap, spend can run over by at most what the last admitted call costs beyond its hold.
   */
  async admit(day: string, key: string, reserveMicro: number, capMicro: number): Promise<{ admitted: boolean } & SpendSnapshot> {
    const today = this.today(day);
    const holding = this.kv.get<Hold>(holdKey(key)) !== undefined;
    const admitted = holding || today.spent + today.held < capMicro;
    if (admitted && !holding) {
      this.kv.put(holdKey(key), { micro: reserveMicro, at: Date.now() });
      today.held += reserveMicro;
      this.kv.put(TODAY, today);
    }
    return { admitted, spent: today.spent, reserved: today.held };
  }

  /** Counts a cost once per key, releases its hold, and answers the thresholds crossed for the first time today. */
  async charge(day: string, key: string, micro: number, capMicro: number): Promise<{ crossed: Threshold[] } & SpendSnapshot> {
    const today = this.today(day);
    const hold = key ? this.kv.get<Hold>(holdKey(key)) : undefined;
    if (hold) {
      this.kv.delete(holdKey(key));
      today.held -= hold.micro;
    }
    // An empty key is a charge that cannot repeat (a chat reply), so it is not remembered.
    if (!key || this.kv.get(chargedKey(key)) === undefined) {
      if (key) this.kv.put(chargedKey(key), { micro } satisfies Charged);
      today.spent += micro;
    }
    return this.counted(today, capMicro);
  }

  /**
   * Counts work that may be left undone (the analysis of a chat's questions) only when it fits under the cap with the
   * calls in progress: checked and counted at once, so work started side by side cannot run past the cap together.
   */
  async chargeWithin(day: string, micro: number, capMicro: number): Promise<{ charged: boolean; crossed: Threshold[] } & SpendSnapshot> {
    const today = this.today(day);
    if (today.spent + today.held + micro > capMicro) return { charged: false, crossed: [], spent: today.spent, reserved: today.held };
    today.spent += micro;
    return { charged: true, ...this.counted(today, capMicro) };
  }

  /** Gives back work counted by chargeWithin that then did not happen (a text the provider refused), when counted today. */
  async refund(day: string, micro: number): Promise<SpendSnapshot> {
    const today = this.today(day);
    today.spent = Math.max(0, today.spent - micro);
    this.kv.put(TODAY, today);
    return { spent: today.spent, reserved: today.held };
  }

  /** Keeps today's record after a charge, answering the thresholds it crossed for the first time today. */
  private counted(today: Today, capMicro: number): { crossed: Threshold[] } & SpendSnapshot {
    const crossed: Threshold[] = [];
    if (today.spent >= capMicro * WARNING_FRACTION && !today.told.includes("warning")) crossed.push("warning");
    if (today.spent >= capMicro && !today.told.includes("capped")) crossed.push("capped");
    today.told.push(...crossed);
    this.kv.put(TODAY, today);
    return { crossed, spent: today.spent, reserved: today.held };
  }

  /**
   * Replaces a charge counted today with its corrected amount (a call the AI never took costs its telephony alone).
   * A charge from another day, or counted before amounts were kept, stays as it was.
   */
  async correct(day: string, key: string, micro: number): Promise<SpendSnapshot> {
    const today = this.today(day);
    const counted = this.kv.get<Charged | number>(chargedKey(key));
    if (typeof counted === "object" && counted.micro !== micro) {
      today.spent += micro - counted.micro;
      this.kv.put(chargedKey(key), { micro } satisfies Charged);
      this.kv.put(TODAY, today);
    }
    return { spent: today.spent, reserved: today.held };
  }

  async snapshot(day: string): Promise<SpendSnapshot> {
    const today = this.today(day);
    return { spent: today.spent, reserved: today.held };
  }
}
