// The live channel's budgets, per client: the rate limits' identity (the
// client address, IPv6 by /64, or the partner key), shared by every
// connection of that client. A client that opens more connections gets no
// more answers: each connection would otherwise bring a fresh burst.
//
// A client's budget is three token buckets and a cap on work in flight:
// - messages: LIVE_MESSAGES_PER_SECOND, bursts of LIVE_BURST;
// - characters (bytes of messages) a minute: LIVE_CHARACTERS_PER_MINUTE;
// - messages a day: the daily request limit (RATE_LIMIT_PER_DAY, or the
//   partner key's per_day) times LIVE_MESSAGES_PER_REQUEST, refilled evenly
//   over the day (0: no daily bound);
// - LIVE_MAX_PENDING messages worked on at once; more wait their turn.
// Partner keys multiply the first two and the cap by LIVE_PARTNER_FACTOR.
//
// A budget outlives its client's connections until its buckets are full
// again (forgetting it then loses nothing), so closing and reopening a
// connection does not refill it; at most MAX_KEPT idle budgets are kept, the
// longest idle forgotten first. The budgets are this process's: replicas
// each keep their own (the REST limits are the ones shared in Redis).

/** What one client may spend (already multiplied for a partner). */
export interface BudgetLimits {
  messagesPerSecond: number;
  burst: number;
  charactersPerMinute: number;
  /** 0: no daily bound. */
  messagesPerDay: number;
  maxPending: number;
}

const DAY_MS = 86_400_000;
/** Idle budgets kept (a few hundred bytes each). */
const MAX_KEPT = 100_000;

/** Why a message cannot be paid for now, and the seconds until it could. */
export interface Shortfall {
  budget: 'messages' | 'characters' | 'day';
  retryAfterSeconds: number;
}

export class ClientBudget {
  connections = 0;
  /** Messages of this client being worked on. */
  pending = 0;
  /** Messages waiting for one in flight to finish; `closed` says their connection went away. */
  readonly waiting: { run: () => void; closed: () => boolean }[] = [];
  private messageTokens: number;
  private characterTokens: number;
  private dayTokens: number;
  private refilledAt: number;

  constructor(
    readonly key: string,
    readonly limits: BudgetLimits,
    now: number,
  ) {
    this.messageTokens = limits.burst;
    this.characterTokens = limits.charactersPerMinute;
    this.dayTokens = limits.messagesPerDay;
    this.refilledAt = now;
  }

  private refill(now: number): void {
    const l = this.limits;
    const ms = Math.max(0, now - this.refilledAt);
    this.refilledAt = now;
    this.messageTokens = Math.min(l.burst, this.messageTokens + (ms * l.messagesPerSecond) / 1000);
    this.characterTokens = Math.min(l.charactersPerMinute, this.characterTokens + (ms * l.charactersPerMinute) / 60_000);
    if (l.messagesPerDay > 0) this.dayTokens = Math.min(l.messagesPerDay, this.dayTokens + (ms * l.messagesPerDay) / DAY_MS);
  }

  /** Takes one message of `characters`; null when paid, else what is short and for how long. */
  spend(characters: number, now: number): Shortfall | null {
    const l = this.limits;
    this.refill(now);
    if (this.messageTokens < 1) return { budget: 'messages', retryAfterSeconds: Math.max(1, Math.ceil((1 - this.messageTokens) / l.messagesPerSecond)) };
    if (l.messagesPerDay > 0 && this.dayTokens < 1)
      return { budget: 'day', retryAfterSeconds: Math.max(1, Math.ceil(((1 - this.dayTokens) * DAY_MS) / l.messagesPerDay / 1000)) };
    if (this.characterTokens < characters) {
      return { budget: 'characters', retryAfterSeconds: Math.max(1, Math.ceil(((characters - this.characterTokens) * 60) / l.charactersPerMinute)) };
    }
    this.messageTokens -= 1;
    this.characterTokens -= characters;
    if (l.messagesPerDay > 0) this.dayTokens -= 1;
    return null;
  }

  /** Runs `run` now, or when one of this client's messages in flight finishes (LIVE_MAX_PENDING). */
  admit(run: () => void, closed: () => boolean): void {
    if (this.pending < this.limits.maxPending) {
      this.pending++;
      run();
    } else this.waiting.push({ run, closed });
  }

  /** A message in flight finished: the next waiting one (of a connection still open) starts. */
  finished(): void {
    this.pending--;
    while (this.waiting.length > 0) {
      const next = this.waiting.shift()!;
      if (next.closed()) continue;
      this.pending++;
      next.run();
      return;
    }
  }

  /** Nothing of the client's in use, and every bucket full again by `now`: forgetting it loses nothing. */
  idleAndFull(now: number): boolean {
    if (this.connections > 0 || this.pending > 0) return false;
    this.refill(now);
    const l = this.limits;
    return this.messageTokens >= l.burst && this.characterTokens >= l.charactersPerMinute && (l.messagesPerDay === 0 || this.dayTokens >= l.messagesPerDay);
  }
}

export class ClientBudgets {
  /** By key; the order is of last use, oldest first. */
  private readonly budgets = new Map<string, ClientBudget>();

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly maxKept = MAX_KEPT,
  ) {}

  get size(): number {
    return this.budgets.size;
  }

  /** The client's budget, for a new connection of it (made with `limits` when the client has none). */
  open(key: string, limits: BudgetLimits): ClientBudget {
    let b = this.budgets.get(key);
    if (b === undefined) b = new ClientBudget(key, limits, this.now());
    else this.budgets.delete(key);
    this.budgets.set(key, b);
    b.connections++;
    if (this.budgets.size > this.maxKept) this.purge();
    return b;
  }

  /** One of the client's connections closed; the budget stays until purged. */
  close(b: ClientBudget): void {
    b.connections--;
    b.waiting.splice(0, b.waiting.length, ...b.waiting.filter((w) => !w.closed()));
  }

  /** Forgets the budgets that are idle and full; beyond the bound, the longest idle ones too. */
  purge(): void {
    const now = this.now();
    for (const [key, b] of this.budgets) if (b.idleAndFull(now)) this.budgets.delete(key);
    if (this.budgets.size <= this.maxKept) return;
    for (const [key, b] of this.budgets) {
      if (this.budgets.size <= this.maxKept) break;
      if (b.connections === 0 && b.pending === 0) this.budgets.delete(key);
    }
  }
}
