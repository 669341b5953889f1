// passport keeps the signed-in user's id in the session (the sign-in itself is services/sign-in.ts,
// which the password step reaches through passport-local: routes/auth.ts), and every request
// reloads the user so a disabled or deleted user is signed out at once.
import type { Request } from "express";
import passport from "passport";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import type { Actor } from "../context";
import { userReadWithSession } from "../auth/session-store";
import { mayStaySignedIn, signedInUserColumns } from "../auth/signed-in-user";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface User extends Actor {
      /** Lockdown state read together with the user on every request. */
      lockdownEnabled?: boolean;
      /** Read with the user on every request: their role requires a second factor they have not set up (DECISIONS §13). */
      secondFactorSetupRequired?: boolean;
      /** Read with the user on every request: a one-time password is still to be changed (DECISIONS §15). */
      mustChangePassword?: boolean;
    }
  }
}

declare module "express-session" {
  interface SessionData {
    /** When the user signed in; sessions end 12 hours later whatever the activity. */
    authenticatedAt?: number;
    /**
     * A half-signed-in session (DECISIONS §13): the password was right, the second factor is still
     * to come. No user is signed in (passport has none), so every protected call answers 401.
     */
    secondFactor?: { userId: string; startedAt: number; methods: string[]; challenge?: string };
    /** A passkey registration in progress: the challenge its answer must sign. */
    passkeyRegistration?: { challenge: string; startedAt: number };
    /**
     * When the session last proved who it is (DECISIONS §13, services/recent-proof.ts): signing in,
     * POST /api/account/verify, confirming a new authenticator app. A change to the second factor
     * needs it within the last 5 minutes.
     */
    provedAt?: number;
    /** The passkey challenge of a proof asked for (POST /api/account/verify/options). */
    proofChallenge?: { challenge: string; startedAt: number };
  }
}

export function configurePassport(db: Db): passport.PassportStatic {
  const instance = new passport.Passport() as unknown as passport.PassportStatic;

  instance.serializeUser((user, done) => done(null, user.id));

  instance.deserializeUser((req: Request, id: unknown, done: (err: unknown, user?: Express.User | false) => void) => {
    if (typeof id !== "string") return done(null, false);
    // Normally the user came with the session, in the same statement (auth/session-store.ts).
    const loaded = userReadWithSession(req);
    if (loaded === null || loaded?.id === id) return done(null, loaded ?? false);
    db.select(signedInUserColumns)
      .from(users)
      .where(and(eq(users.id, id), mayStaySignedIn))
      .limit(1)
      .then(([row]) => done(null, row ?? false), done);
  });

  return instance;
}
