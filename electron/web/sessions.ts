/**
 * The browser host's sign-ins (see host.ts and docs/security.md): single-use sign-in keys that live a short while, and
 * the sessions they are exchanged for, each ended when unused for too long, by Settings → Signed-in tabs, or when too
 * many are kept. Only digests are kept: looking one up by its hash leaks nothing of the secret through timing.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { SessionList } from '../../shared/contract';

interface Session {
  id: string;
  /** Wall-clock times, for display. */
  signedInAt: number;
  lastUsedAt: number;
  /** Last use on the host's clock (monotonic by default): what idle time is measured on. */
  lastUsed: number;
}

/** Sessions kept at once (each sign-in makes one; the oldest goes first). */
const MAX_SESSIONS = 32;

const digest = (value: string): string => createHash('sha256').update(value).digest('hex');
const token = (): string => randomBytes(32).toString('base64url');

export interface SignInClock {
  /** The host's clock: what keys expire and sessions go idle on. */
  now: () => number;
  /** The wall clock, for the times Settings shows (never for deciding anything). */
  wallNow: () => number;
  /** How long a sign-in key can be used (once). */
  keyTtlMs: number;
  /** How long a session may go unused. */
  idleMs: number;
}

/** Something to end with the session it belongs to (its event stream). */
interface Endable {
  end(): void;
}

export function createSignIns({ now, wallNow, keyTtlMs, idleMs }: SignInClock) {
  const loginKeys = new Map<string, number>();
  /** Sessions by their secret's digest: a name that is not the secret, when signed in and last used. */
  const sessions = new Map<string, Session>();
  /** Each open event stream and the session it belongs to (ending the session ends its stream). */
  const streamSession = new Map<Endable, string>();

  /** Ends a session: gone from the list, its event streams closed; its tab is signed out at its next request. */
  const endSession = (hash: string): void => {
    sessions.delete(hash);
    for (const [stream, owner] of streamSession) if (owner === hash) stream.end();
  };

  return {
    /** A new sign-in key (expired ones forgotten first). */
    issueKey(): string {
      for (const [hash, expires] of loginKeys) if (expires <= now()) loginKeys.delete(hash);
      const key = token();
      loginKeys.set(digest(key), now() + keyTtlMs);
      return key;
    },
    /** Spends a sign-in key: true once, within its time; false for a wrong, used or expired key. */
    spendKey(key: unknown): boolean {
      if (typeof key !== 'string' || key.length < 20 || key.length > 200) return false;
      const hash = digest(key);
      const expires = loginKeys.get(hash);
      loginKeys.delete(hash);
      return expires !== undefined && expires > now();
    },
    /** Sign-in keys handed out and not yet used or expired. */
    pendingKeys: (): number => [...loginKeys.values()].filter((expires) => expires > now()).length,
    /** A new session's secret (the oldest session ended when too many are kept). */
    newSession(): string {
      const secret = token();
      const at = wallNow();
      sessions.set(digest(secret), {
        id: randomBytes(9).toString('base64url'),
        signedInAt: at,
        lastUsed: now(),
        lastUsedAt: at,
      });
      if (sessions.size > MAX_SESSIONS) endSession(sessions.keys().next().value!);
      return secret;
    },
    /** The digest of the session whose secret is `given` (its last use now), or null. */
    signedIn(given: unknown): string | null {
      if (typeof given !== 'string' || given.length > 200) return null;
      const hash = digest(given);
      const session = sessions.get(hash);
      if (session === undefined) return null;
      // unused for too long: ended (the page says it is signed out and how to sign in again)
      if (now() - session.lastUsed > idleMs) {
        endSession(hash);
        return null;
      }
      session.lastUsed = now();
      session.lastUsedAt = wallNow();
      return hash;
    },
    /** Settings → Signed-in tabs: the sessions (idle ones ended first), `current` the asking one. */
    list(current: string): SessionList {
      for (const [hash, session] of sessions) if (now() - session.lastUsed > idleMs) endSession(hash);
      return {
        available: true,
        sessions: [...sessions].map(([hash, s]) => ({
          id: s.id,
          signedInAt: s.signedInAt,
          lastUsedAt: s.lastUsedAt,
          current: hash === current,
        })),
      };
    },
    /** Ends the session Settings names by its id. */
    endById(id: string): void {
      for (const [hash, session] of sessions) if (session.id === id) endSession(hash);
    },
    /** An event stream opened for a session: ended with it. */
    followStream(stream: Endable, session: string): void {
      streamSession.set(stream, session);
    },
    unfollowStream(stream: Endable): void {
      streamSession.delete(stream);
    },
  };
}

export type SignIns = ReturnType<typeof createSignIns>;
