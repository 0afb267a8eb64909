import { type Anmeldung, brauchtCodeSchritt } from '@stellwerk/domain/identitaet/sicherheit/zwei-faktor';
import type { BetterAuthPlugin } from 'better-auth';

type AfterHook = NonNullable<NonNullable<BetterAuthPlugin['hooks']>['after']>[number];

/**
 * A way of signing in whose factors the rule counts (decisions 147, 154): which of better-auth's endpoints answer it
 * (the hook sees the endpoint's path pattern, e.g. `/sso/callback/:providerId`), and the sign-in being answered —
 * how it was made, and where its continuation to the code step is noted for the caller.
 */
export type AnmeldeWeg = {
  pfade: ReadonlySet<string>;
  laufend: () => { anmeldung: Anmeldung; merkeCodeSchritt: (authUserId: string) => void } | undefined;
};

/**
 * A sign-in of one factor by a user with a confirmed second factor (authenticator app or phone) continues to the code
 * step, exactly as after the password (`brauchtCodeSchritt`): a passkey without user verification (decision 147), the
 * tenant's identity provider whose multi-factor word is not trusted or not given (decision 154). The two-factor
 * plugin's own step after the password does it: it removes the session the sign-in made, sets the code step's cookie
 * and answers `twoFactorRedirect` with the methods; this plugin runs it after such a sign-in.
 */
export const codeSchrittNachAnmeldung = (
  zweiFaktor: BetterAuthPlugin,
  wege: readonly AnmeldeWeg[],
): BetterAuthPlugin => {
  const schritt = zweiFaktor.hooks?.after?.[0];
  if (!schritt) throw new Error('the two-factor plugin has no step after the sign-in');
  const hook: AfterHook = {
    matcher: (context) => {
      const weg = wege.find((w) => context.path !== undefined && w.pfade.has(context.path));
      const laufend = weg?.laufend();
      const neu = context.context.newSession;
      if (!laufend || !neu) return false;
      const weiter = brauchtCodeSchritt(laufend.anmeldung, {
        eingerichtet: (neu.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true,
      });
      if (weiter) laufend.merkeCodeSchritt(neu.user.id);
      return weiter;
    },
    handler: schritt.handler,
  };
  return { id: 'stellwerk-code-schritt', hooks: { after: [hook] } };
};
