/** The paths of better-auth's endpoints the auth plugin treats on their own (mounted at /api/auth). */
export const SIGN_IN_EMAIL = '/api/auth/sign-in/email';
/** Starting a sign-in through the tenant's provider (better-auth's @better-auth/sso). */
export const SIGN_IN_SSO = '/api/auth/sign-in/sso';
export const SIGN_IN_USERNAME = '/api/auth/sign-in/username';
export const REQUEST_PASSWORD_RESET = '/api/auth/request-password-reset';
export const RESET_PASSWORD = '/api/auth/reset-password';
export const CHANGE_PASSWORD = '/api/auth/change-password';
/** The code step of a sign-in with a second factor (after the password). */
export const CODE_STEPS = new Set([
  '/api/auth/two-factor/verify-totp',
  '/api/auth/two-factor/verify-backup-code',
  '/api/auth/two-factor/verify-otp',
]);
/** The code step asks for a code by SMS (decision 083). */
export const SEND_OTP = '/api/auth/two-factor/send-otp';
/** better-auth's passkey options: they carry the RP id of the page (decision 072). */
export const PASSKEY_OPTIONS = new Set([
  '/api/auth/passkey/generate-register-options',
  '/api/auth/passkey/generate-authenticate-options',
]);
export const PASSKEY_SIGN_IN = '/api/auth/passkey/verify-authentication';
/** Enrolling a passkey: its options need a password confirmation of the session (decision 100). */
export const PASSKEY_REGISTER_OPTIONS = '/api/auth/passkey/generate-register-options';
export const PASSKEY_REGISTER = '/api/auth/passkey/verify-registration';
export const VERIFY_TOTP = '/api/auth/two-factor/verify-totp';
export const TWO_FACTOR_ENABLE = '/api/auth/two-factor/enable';
export const TWO_FACTOR_DISABLE = '/api/auth/two-factor/disable';
export const BACKUP_CODES_NEW = '/api/auth/two-factor/generate-backup-codes';
/**
 * better-auth's endpoints that check the password of a signed-in user: each wrong password counts towards the
 * account's sign-in throttle, and a locked account waits here as at /login (decision 100).
 */
export const PASSWORD_CHECKS = new Set([
  TWO_FACTOR_ENABLE,
  TWO_FACTOR_DISABLE,
  BACKUP_CODES_NEW,
  '/api/auth/two-factor/get-totp-uri',
  '/api/auth/change-password',
  '/api/auth/verify-password',
  '/api/auth/delete-user',
]);
/** Removing a passkey through better-auth: never the last way to sign in (decision 081). */
export const PASSKEY_DELETE = '/api/auth/passkey/delete-passkey';
/** better-auth's error page (decision 123: forwarded to the app's own). */
export const AUTH_ERROR = '/api/auth/error';
/** Where a provider sends the user back (OIDC callback, SAML assertion consumer service), with the tenant id. */
export const SSO_RETURN = /^\/api\/auth\/sso\/(?:callback|saml2\/sp\/acs)\/([0-9a-f-]{36})$/;
/** better-auth's public SP metadata of a saved SAML provider (`?providerId=`). */
export const SAML_SP_METADATA = '/api/auth/sso/saml2/sp/metadata';
/** The SAML assertion consumer service: the IdP's page posts the response there (cross-site form post). */
export const SAML_ACS = /^\/api\/auth\/sso\/saml2\/sp\/acs\//;
