// passport-local checks the credentials; the session keeps only the user id, and every request
// reloads the user so a disabled or deleted user is signed out at once.
import type { Request } from "express";
import passport from "passport";
import { Strategy as LocalStrategy } from "passport-local";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import type { Actor } from "../context";
import type { Clock } from "../clock";
import { findUserByUsername } from "../services/users";
import { lockdownRefusal } from "../services/sign-in";
import { verifyAgainstDummy, verifyPassword } from "../auth/passwords";
import { releaseLoginAttempt, reserveLoginAttempt } from "../auth/throttle";
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
  }
}

export function configurePassport(db: Db, clock: Clock): passport.PassportStatic {
  const instance = new passport.Passport() as unknown as passport.PassportStatic;

  instance.use(
    new LocalStrategy({ usernameField: "username", passwordField: "password", passReqToCallback: true }, (req, username, password, done) => {
      const ip = req.ip ?? "unknown";
      (async () => {
        // The failure slot is taken before the password is checked (auth/throttle.ts).
        const slot = await reserveLoginAttempt(db, username, ip, clock());
        let user: Awaited<ReturnType<typeof findUserByUsername>>;
        let ok: boolean;
        let refusal: Awaited<ReturnType<typeof lockdownRefusal>>;
        try {
          user = await findUserByUsername(db, username);
          refusal = await lockdownRefusal({ db }, user);
          ok = refusal ? false : user ? await verifyPassword(user.passwordHash, password) : (await verifyAgainstDummy(password), false);
        } catch (err) {
          // Nothing was answered about the password: the attempt does not count.
          await releaseLoginAttempt(db, slot).catch(() => {});
          throw err;
        }
        // A lockdown refusal keeps its failure slot whatever the password (it was never checked), so
        // the throttle cannot tell a right password from a wrong one either.
        if (refusal) return done(refusal);
        // A disabled user gets exactly the same answer as a wrong password, and counts as a failure.
        if (!user || !ok || !user.isActive) return done(null, false);
        await releaseLoginAttempt(db, slot);
        done(null, {
          id: user.id,
          role: user.role,
          name: user.name,
          username: user.username,
          visibilityWindowDays: user.visibilityWindowDays,
        });
      })().catch((err) => done(err));
    }),
  );

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
