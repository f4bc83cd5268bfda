// Live pokes (decision 0660): a change for a member is NOTIFY'd on 'member_poke' after commit
// (triggers of 0660), every server process LISTENs once and wakes the member's open streams in
// this process, and the app then runs its normal pull. The poke carries no data.
import type { DatabaseHandle } from '../db/client';
import type { Logger } from '../http/logger';

export const memberPokeChannel = 'member_poke';

export type PokeListener = (reason: 'change' | 'resync') => void;

export class MemberPokeHub {
  private readonly listeners = new Map<string, Set<PokeListener>>();
  private listening = false;

  /** The streams of this process, by member id. */
  subscribe(memberId: string, listener: PokeListener): () => void {
    let set = this.listeners.get(memberId);
    if (!set) this.listeners.set(memberId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(memberId);
    };
  }

  poke(memberId: string): void {
    for (const listener of this.listeners.get(memberId.toLowerCase()) ?? []) listener('change');
  }

  /** LISTEN came back after a gap: pokes may have been missed, so everyone pulls. */
  setListening(listening: boolean): void {
    const resumed = listening && !this.listening;
    this.listening = listening;
    if (!resumed) return;
    for (const set of this.listeners.values()) for (const listener of set) listener('resync');
  }

  get isListening(): boolean {
    return this.listening;
  }

  get streamCount(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }
}

export function startMemberPokes(database: DatabaseHandle, logger: Logger): MemberPokeHub {
  const hub = new MemberPokeHub();
  database
    .listen(memberPokeChannel, {
      onMessage: (memberId) => hub.poke(memberId),
      onListening: (listening) => hub.setListening(listening),
    })
    .catch((error: unknown) => {
      logger.warn('live pokes are off: no LISTEN', { error: String(error) });
    });
  return hub;
}
