import { createHash } from "node:crypto";
import type { Clock } from "../../kernel/clock.js";
import type { SessionMap, UserRecord } from "../../kernel/records.js";
import { noticeTo, type SecurityNotices } from "../../kernel/security-notices.js";
import { MAX_LIVE_SESSIONS, type SessionRepository } from "./sessions-port.js";

/** A browser not seen signing in to the account for this long is new again (design.md §12.2). */
export const BROWSER_MEMORY_SECONDS = 90 * 24 * 3600;

/** What the web app's random browser id may look like; anything else counts as no id. */
const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * The sessions a new one replaces, read from the user's map: those that have ended, and the oldest live ones beyond
 * MAX_LIVE_SESSIONS - 1, so that with the new one at most MAX_LIVE_SESSIONS are left.
 */
export function sessionsToDrop(sessions: SessionMap | undefined, nowEpochSeconds: number): string[] {
  const entries = Object.entries(sessions ?? {});
  const ended = entries.filter(([, end]) => end <= nowEpochSeconds).map(([id]) => id);
  const live = entries.filter(([, end]) => end > nowEpochSeconds).sort(([, a], [, b]) => a - b);
  const oldest = live.slice(0, Math.max(0, live.length - (MAX_LIVE_SESSIONS - 1))).map(([id]) => id);
  return [...ended, ...oldest];
}

/**
 * "Windows · Chrome" from a User-Agent header: enough for the owner to recognise a browser in a notice, without
 * the header's version noise. The first 80 characters when neither is recognised.
 */
export function shortUserAgent(userAgent: string | undefined): string | undefined {
  if (!userAgent) return undefined;
  const browser = [
    ["Edg/", "Edge"],
    ["OPR/", "Opera"],
    ["SamsungBrowser/", "Samsung Internet"],
    ["Firefox/", "Firefox"],
    ["CriOS/", "Chrome"],
    ["Chrome/", "Chrome"],
    ["Safari/", "Safari"],
  ].find(([marker]) => userAgent.includes(marker ?? ""))?.[1];
  const system = [
    ["Android", "Android"],
    ["iPhone", "iPhone"],
    ["iPad", "iPad"],
    ["Windows", "Windows"],
    ["Mac OS X", "macOS"],
    ["CrOS", "ChromeOS"],
    ["Linux", "Linux"],
  ].find(([marker]) => userAgent.includes(marker ?? ""))?.[1];
  if (browser && system) return `${system} · ${browser}`;
  return browser ?? system ?? userAgent.slice(0, 80);
}

export interface NewBrowserCheckDeps {
  sessions: Pick<SessionRepository, "rememberDevice" | "noteNewBrowserSignIn">;
  clock: Clock;
  notices: SecurityNotices;
}

/** Where a sign-in came from, as the login route saw it. */
export interface SignInOrigin {
  /** The web app's X-Device-Id: a random id the browser keeps (absent: a new browser). */
  deviceId?: string;
  userAgent?: string;
  sourceIp: string;
}

/** Ending sessions on the server: logout and logout-all. */
export function createSessionService({
  sessions,
}: {
  sessions: Pick<SessionRepository, "endSession" | "endAllSessions">;
}) {
  return {
    /** The caller's own session ends: its token is refused from now on. */
    logout: (user: UserRecord, sessionId: string) => sessions.endSession(user.id, sessionId),

    /** Every session of the account ends, the caller's included. */
    logoutAll: (user: UserRecord) => sessions.endAllSessions(user.id),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

/** The notice of a sign-in from a browser new to the account (apart, so the logout routes carry no mail client). */
export function createNewBrowserCheck({ sessions, clock, notices }: NewBrowserCheckDeps) {
  /** Notes the browser for the next 90 days; true when it had not signed in to this account within them. */
  const note = (userId: string, deviceId: string, now: Date) =>
    // Hashed with the account: the table never holds the browser's own id, nor one id to link accounts by.
    sessions.rememberDevice(
      userId,
      createHash("sha256").update(`${userId}:${deviceId}`).digest("base64url"),
      now,
      BROWSER_MEMORY_SECONDS,
    );
  const validId = (deviceId: string | undefined) =>
    deviceId && DEVICE_ID_PATTERN.test(deviceId) ? deviceId : undefined;

  return {
    /**
     * After registering: the browser the account was opened in is known to it, so its first sign-in there is not
     * reported as a new browser. Nothing is sent.
     */
    async registered(user: UserRecord, origin: Pick<SignInOrigin, "deviceId">): Promise<void> {
      const deviceId = validId(origin.deviceId);
      if (deviceId !== undefined) await note(user.id, deviceId, clock.now());
    },

    /**
     * After a successful login: the owner is told when the browser has not signed in to this account in the last 90
     * days (one write notes it for the next 90). A login without a browser id is from a new browser, and is not noted.
     */
    async signedIn(user: UserRecord, origin: SignInOrigin): Promise<void> {
      const now = clock.now();
      const deviceId = validId(origin.deviceId);
      const isNew = deviceId === undefined || (await note(user.id, deviceId, now));
      if (!isNew) return;
      const userAgent = shortUserAgent(origin.userAgent);
      // Kept on the account too: the admin deciding a payout sees a new-browser sign-in of the last day (§13.2).
      await sessions.noteNewBrowserSignIn(user.id, now);
      await notices.send({
        kind: "new-browser",
        ...noticeTo(user),
        at: now,
        sourceIp: origin.sourceIp,
        ...(userAgent ? { userAgent } : {}),
      });
    },
  };
}

export type NewBrowserCheck = ReturnType<typeof createNewBrowserCheck>;
