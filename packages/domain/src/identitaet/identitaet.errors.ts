/**
 * The error catalogue of this area: sign-in, factors, passkeys, single sign-on, users, groups, roles and the user import.
 * Combined with the other areas' catalogues into `ERRORS` (errors.ts); codes are unique across areas.
 */
import type { CatalogueEntry } from '../error-catalogue.ts';

export const IDENTITAET_ERRORS = {
  // --- generic -----------------------------------------------------------------------------------
  'auth.unauthenticated': {
    status: 401,
    de: 'Bitte melden Sie sich an.',
    en: 'Please sign in.',
  },
  /** Same text whether or not the user exists: no account enumeration. */
  'auth.invalid_credentials': {
    status: 401,
    de: 'Benutzername oder Passwort ist falsch.',
    en: 'User name or password is incorrect.',
  },
  'auth.rate_limited': {
    status: 429,
    de: 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    en: 'Too many attempts. Please wait a moment and try again.',
  },
  /** A failed-sign-in lock (login-throttle.ts); the same for existing and unknown accounts. */
  'auth.sign_in_throttled': {
    status: 429,
    de: 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie {minuten} Min. und versuchen Sie es dann erneut.',
    en: 'Too many failed sign-in attempts. Please wait {minuten} min and try again.',
  },
  /** Password recovery without the solved proof-of-work captcha (ALTCHA, decision 076). */
  'auth.captcha_fehlt': {
    status: 400,
    de: 'Bitte schließen Sie zuerst die Sicherheitsprüfung ab.',
    en: 'Please complete the security check first.',
  },
  /** A captcha whose signature or solution is wrong, that expired or that was used already (decision 076). */
  'auth.captcha_ungueltig': {
    status: 400,
    de: 'Die Sicherheitsprüfung ist abgelaufen oder ungültig. Bitte führen Sie sie erneut durch.',
    en: 'The security check has expired or is not valid. Please complete it again.',
  },
  /** The request came from a page at another address than the application's (decision 020). */
  'auth.origin_not_allowed': {
    status: 403,
    de: 'Anmeldung von dieser Adresse nicht erlaubt. Die Adresse der Anwendung ist {adresse}.',
    en: 'Signing in from this address is not allowed. The address of the application is {adresse}.',
  },
  'auth.current_password_wrong': {
    status: 400,
    de: 'Das aktuelle Passwort ist falsch.',
    en: 'The current password is incorrect.',
  },
  'auth.link_invalid': {
    status: 400,
    de: 'Dieser Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen Link an.',
    en: 'This link is invalid or has expired. Please request a new link.',
  },
  'auth.password_length': {
    status: 400,
    de: 'Das Passwort muss zwischen {min} und {max} Zeichen lang sein.',
    en: 'The password must be between {min} and {max} characters long.',
  },
  'auth.redirect_not_allowed': {
    status: 400,
    de: 'Das Ziel der Weiterleitung gehört nicht zu dieser Anwendung.',
    en: 'The redirect target does not belong to this application.',
  },
  'auth.sign_up_closed': {
    status: 403,
    de: 'Eine Selbstregistrierung ist nicht möglich. Benutzer werden von Administratoren angelegt.',
    en: 'Signing up is not possible. Users are created by administrators.',
  },
  'auth.forbidden': {
    status: 403,
    de: 'Sie haben keine Berechtigung für diese Aktion.',
    en: 'You are not allowed to do this.',
  },
  // --- two-factor sign-in and sessions -------------------------------------------------------
  /** A wrong code from the authenticator app or a used or unknown backup code; counted like a wrong password. */
  'auth.code_falsch': {
    status: 401,
    de: 'Der Code ist falsch oder abgelaufen.',
    en: 'The code is wrong or has expired.',
  },
  /** The sign-in's code step expired (10 minutes) or had too many wrong codes: start again with the password. */
  'auth.code_schritt_abgelaufen': {
    status: 401,
    de: 'Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut mit Benutzername und Passwort an.',
    en: 'The sign-in has expired. Please sign in again with user name and password.',
  },
  /** better-auth's own lock after ten wrong codes in a row. */
  'auth.zwei_faktor_gesperrt': {
    status: 429,
    de: 'Zu viele falsche Codes. Die Anmeldung ist für 15 Min. gesperrt.',
    en: 'Too many wrong codes. Signing in is locked for 15 min.',
  },
  'auth.zwei_faktor_einrichtung_noetig': {
    status: 403,
    de: 'Ihr Mandant verlangt die Anmeldung in zwei Schritten. Bitte richten Sie zuerst eine Authenticator-App ein (Einstellungen › Sicherheit).',
    en: 'Your tenant requires two-step sign-in. Please set up an authenticator app first (Settings › Security).',
  },
  'auth.zwei_faktor_bereits_eingerichtet': {
    status: 409,
    de: 'Eine Authenticator-App ist bereits eingerichtet. Entfernen Sie sie, um eine neue einzurichten.',
    en: 'An authenticator app is set up already. Remove it to set up a new one.',
  },
  'auth.zwei_faktor_nicht_eingerichtet': {
    status: 400,
    de: 'Es ist keine Authenticator-App eingerichtet.',
    en: 'No authenticator app is set up.',
  },
  // --- passkeys (decision 072) ---------------------------------------------------------------------
  /** Unknown passkey, wrong answer or a deactivated user: one message. */
  'auth.passkey_fehlgeschlagen': {
    status: 401,
    de: 'Die Anmeldung mit dem Passkey ist fehlgeschlagen. Bitte melden Sie sich mit Benutzername und Passwort an.',
    en: 'Signing in with the passkey failed. Please sign in with user name and password.',
  },
  'auth.passkey_abgelaufen': {
    status: 400,
    de: 'Die Anfrage des Passkeys ist abgelaufen. Bitte versuchen Sie es erneut.',
    en: 'The passkey request has expired. Please try again.',
  },
  'auth.passkey_einrichtung_fehlgeschlagen': {
    status: 400,
    de: 'Der Passkey konnte nicht eingerichtet werden. Bitte versuchen Sie es erneut.',
    en: 'The passkey could not be set up. Please try again.',
  },
  'auth.passkey_adresse': {
    status: 400,
    de: 'Passkeys sind unter dieser Adresse nicht möglich. Die Adresse der Anwendung ist {adresse}.',
    en: 'Passkeys are not possible at this address. The address of the application is {adresse}.',
  },
  // --- single sign-on -----------------------------------------------------------------
  /** The tenant switched password sign-in off: only its identity provider signs in. */
  'auth.passwort_anmeldung_aus': {
    status: 403,
    de: 'Für Ihre Organisation ist die Anmeldung mit Passwort abgeschaltet. Bitte melden Sie sich mit Single Sign-on an.',
    en: 'Password sign-in is switched off for your organisation. Please sign in with single sign-on.',
  },
  /** The provider signed in a user whom an administrator deactivated. */
  'auth.sso_deaktiviert': {
    status: 403,
    de: 'Ihr Benutzerkonto ist deaktiviert. Bitte wenden Sie sich an Ihre Administration.',
    en: 'Your user account is deactivated. Please contact your administration.',
  },
  /**
   * The right password of a user an administrator deactivated (docs/administration.md "Users"): said as it is, since only the
   * account's own password reaches this answer; a wrong password stays `auth.invalid_credentials`.
   */
  'auth.konto_deaktiviert': {
    status: 403,
    de: 'Ihr Benutzerkonto ist deaktiviert. Bitte wenden Sie sich an Ihre Administration.',
    en: 'Your user account is deactivated. Please contact your administration.',
  },
  /** The provider's address belongs to a user of another tenant. */
  'auth.sso_anderer_mandant': {
    status: 403,
    de: 'Diese Adresse gehört zu einer anderen Organisation. Bitte melden Sie sich dort an.',
    en: 'This address belongs to another organisation. Please sign in there.',
  },
  /** Anything else that failed between the provider and the application. */
  'auth.sso_fehlgeschlagen': {
    status: 400,
    de: 'Die Anmeldung über Ihren Identitätsanbieter ist fehlgeschlagen. Bitte versuchen Sie es erneut oder wenden Sie sich an Ihre Administration.',
    en: 'Signing in through your identity provider failed. Please try again or contact your administration.',
  },
  /** An existing user signs in through the provider before linking it (decision 081). */
  'auth.sso_nicht_verknuepft': {
    status: 403,
    de: 'Ihr Benutzerkonto ist noch nicht mit dem Identitätsanbieter verknüpft. Melden Sie sich bitte wie bisher an und verknüpfen Sie es unter Einstellungen › Sicherheit.',
    en: 'Your user account is not yet linked to the identity provider. Please sign in as before and link it under Settings › Security.',
  },
  /** Linking: the provider's account is already linked to another user. */
  'auth.sso_anderes_konto': {
    status: 409,
    de: 'Dieses Konto beim Identitätsanbieter ist bereits mit einem anderen Benutzerkonto verknüpft.',
    en: 'This account at the identity provider is already linked to another user account.',
  },
  /** The provider says the address is not verified: never linked, never created (decision 095). */
  'auth.sso_adresse_unbestaetigt': {
    status: 403,
    de: 'Ihr Identitätsanbieter bestätigt Ihre E-Mail-Adresse nicht. Bitte bestätigen Sie sie dort oder wenden Sie sich an Ihre Administration.',
    en: 'Your identity provider does not confirm your e-mail address. Please verify it there or contact your administration.',
  },
  /** Just in time: the provider's address is not in one of the tenant's domains (decision 095). */
  'auth.sso_domain_fremd': {
    status: 403,
    de: 'Ihre E-Mail-Adresse gehört zu keiner Domain Ihrer Organisation. Bitte wenden Sie sich an Ihre Administration.',
    en: "Your e-mail address is not in one of your organisation's domains. Please contact your administration.",
  },
  // --- linked identities (decision 081) --------------------------------------------------
  /** Unlinking the last identity that signs the user in. */
  'sicherheit.letzte_identitaet': {
    status: 409,
    de: 'Dies ist Ihr letzter Weg, sich anzumelden. Richten Sie zuerst einen anderen ein (Passwort, Single Sign-on oder Passkey).',
    en: 'This is your last way to sign in. Please set up another one first (password, single sign-on or passkey).',
  },
  /** Linking the provider while the tenant has none, or the user is linked already. */
  'sicherheit.sso_nicht_verknuepfbar': {
    status: 409,
    de: 'Ihre Organisation hat keinen Identitätsanbieter eingerichtet, oder Ihr Konto ist bereits damit verknüpft.',
    en: 'Your organisation has no identity provider set up, or your account is already linked to it.',
  },
  /** Setting a password while the user has one, or the tenant switched password sign-in off. */
  'sicherheit.passwort_nicht_setzbar': {
    status: 409,
    de: 'Ein Passwort kann hier nicht festgelegt werden: Sie haben bereits eines, oder Ihre Organisation hat die Anmeldung mit Passwort abgeschaltet.',
    en: 'A password cannot be set here: you already have one, or your organisation switched password sign-in off.',
  },
  /** Adding a factor (authenticator app, phone, passkey) without the password (decision 100). */
  'sicherheit.passwort_noetig': {
    status: 403,
    de: 'Bitte bestätigen Sie diese Änderung mit Ihrem Passwort.',
    en: 'Please confirm this change with your password.',
  },
  /** Adding a factor without a password to confirm it, and the sign-in is more than five minutes old. */
  'sicherheit.neu_anmelden': {
    status: 403,
    de: 'Bitte melden Sie sich erneut an: Einen weiteren Faktor können Sie bis 5 Minuten nach der Anmeldung einrichten.',
    en: 'Please sign in again: you can add another factor up to 5 minutes after signing in.',
  },
  // --- phone factor and SMS (decision 083) ---------------------------------------------------
  /** No SMS gateway (SMS_URL) is configured: the phone factor is not offered. */
  'sicherheit.sms_nicht_verfuegbar': {
    status: 409,
    de: 'SMS-Codes sind nicht eingerichtet. Bitte nutzen Sie eine Authenticator-App oder einen Passkey.',
    en: 'SMS codes are not set up. Please use an authenticator app or a passkey.',
  },
  /** The gateway refused the SMS or did not answer. */
  'sicherheit.sms_fehlgeschlagen': {
    status: 502,
    de: 'Die SMS konnte nicht gesendet werden. Bitte versuchen Sie es in einer Minute erneut oder nutzen Sie einen Backup-Code.',
    en: 'The SMS could not be sent. Please try again in a minute or use a backup code.',
  },
  'sicherheit.telefonnummer_ungueltig': {
    status: 400,
    de: 'Bitte geben Sie eine Mobilnummer an, z. B. 0151 12345678 oder +49 151 12345678.',
    en: 'Please enter a mobile number, e.g. +49 151 12345678.',
  },
  /** A wrong or expired code when confirming the phone factor. */
  'sicherheit.code_falsch': {
    status: 400,
    de: 'Der Code ist falsch oder abgelaufen. Bitte fordern Sie einen neuen an.',
    en: 'The code is wrong or has expired. Please request a new one.',
  },
  /** The code step asked for an SMS, but the account has no confirmed phone factor. */
  'sicherheit.kein_telefon': {
    status: 400,
    de: 'Für dieses Konto ist keine Mobilnummer eingerichtet. Bitte nutzen Sie die Authenticator-App oder einen Backup-Code.',
    en: 'No mobile number is set up for this account. Please use the authenticator app or a backup code.',
  },
  /** The OIDC issuer's discovery document or the SAML metadata could not be read. */
  'sso.anbieter_nicht_erreichbar': {
    status: 400,
    de: 'Die Konfiguration des Identitätsanbieters konnte nicht gelesen werden: {grund}',
    en: "The identity provider's configuration could not be read: {grund}",
  },
  /** SAML needs the IdP metadata, as XML or as an address. */
  'sso.metadaten_fehlen': {
    status: 400,
    de: 'Bitte geben Sie die Metadaten des Identitätsanbieters als XML oder als Adresse an.',
    en: "Please give the identity provider's metadata as XML or as an address.",
  },
  /** A new OIDC provider needs its client secret. */
  'sso.client_secret_fehlt': {
    status: 400,
    de: 'Bitte geben Sie das Client-Geheimnis an.',
    en: 'Please enter the client secret.',
  },
  // --- administration of users, groups and roles; params.field names the form field -------
  'benutzer.email_vergeben': {
    status: 409,
    de: 'Die E-Mail-Adresse {email} ist bereits vergeben.',
    en: 'The e-mail address {email} is already taken.',
  },
  'benutzer.email_ungueltig': {
    status: 400,
    de: 'Die E-Mail-Adresse {email} ist ungültig.',
    en: 'The e-mail address {email} is invalid.',
  },
  /** A user's address must be in one of the tenant's domains (admin API, import, SCIM; decision 096). */
  'benutzer.domain_fremd': {
    status: 400,
    de: 'Die Adresse {email} gehört zu keiner Domain Ihrer Organisation ({domains}).',
    en: "The address {email} is not in one of your organisation's domains ({domains}).",
  },
  'benutzer.username_vergeben': {
    status: 409,
    de: 'Der Benutzername {username} ist bereits vergeben.',
    en: 'The user name {username} is already taken.',
  },
  'benutzer.hat_buchungen': {
    status: 409,
    de: 'Der Benutzer hat Buchungen oder andere Einträge und kann nicht gelöscht werden. Bitte deaktivieren Sie ihn stattdessen.',
    en: 'The user has bookings or other records and cannot be deleted. Please deactivate the user instead.',
  },
  /** Erasing a person (decision 235) waits for a trip on the road: its check-in is still to come. */
  'benutzer.fahrt_laeuft': {
    status: 409,
    de: 'Die Person ist gerade mit einem Fahrzeug unterwegs. Löschen Sie das Konto nach der Rückgabe des Fahrzeugs.',
    en: 'The person is on a trip with a vehicle right now. Erase the account after the vehicle is returned.',
  },
  'benutzer.selbst_nicht_erlaubt': {
    status: 409,
    de: 'Sie können sich nicht selbst deaktivieren oder löschen.',
    en: 'You cannot deactivate or delete yourself.',
  },
  'benutzer.plattform_admin_geschuetzt': {
    status: 403,
    de: 'Ein Plattform-Administrator kann nur von einem Plattform-Administrator geändert, deaktiviert oder gelöscht werden.',
    en: 'A platform administrator can only be changed, deactivated or deleted by a platform administrator.',
  },
  'benutzer.rolle_unbekannt': {
    status: 400,
    de: 'Die Rolle {name} gibt es nicht.',
    en: 'The role {name} does not exist.',
  },
  'benutzer.standort_rolle_fehlt': {
    status: 400,
    de: 'Standorte lassen sich nur für eine zugewiesene Rolle festlegen.',
    en: 'Locations can only be set for an assigned role.',
  },
  'benutzer.standort_unbekannt': {
    status: 400,
    de: 'Den Standort {name} gibt es nicht.',
    en: 'The location {name} does not exist.',
  },
  'benutzer.standorte_ungueltig': {
    status: 400,
    de: 'Die Standorte einer Rollenzuweisung sind ungültig: jede Rolle einmal, jeder Standort einmal, höchstens {max}.',
    en: 'The locations of a role assignment are invalid: each role once, each location once, at most {max}.',
  },
  'benutzer.gruppe_unbekannt': {
    status: 400,
    de: 'Die Gruppe {name} gibt es nicht.',
    en: 'The group {name} does not exist.',
  },
  'rolle.name_vergeben': {
    status: 409,
    de: 'Eine Rolle mit dem Namen {name} gibt es bereits.',
    en: 'A role named {name} already exists.',
  },
  'gruppe.name_vergeben': {
    status: 409,
    de: 'Eine Gruppe mit dem Namen {name} gibt es bereits.',
    en: 'A group named {name} already exists.',
  },
  'import.datei_leer': {
    status: 400,
    de: 'Die CSV-Datei enthält keine Zeilen.',
    en: 'The CSV file contains no rows.',
  },
  'import.kopfzeile_ungueltig': {
    status: 400,
    de: 'Die Kopfzeile der CSV-Datei ist ungültig. Erwartet: {erwartet}',
    en: 'The header row of the CSV file is invalid. Expected: {erwartet}',
  },
  'import.anfuehrungszeichen_offen': {
    status: 400,
    de: 'In Zeile {zeile} ist ein Anführungszeichen nicht geschlossen.',
    en: 'A quotation mark is not closed in line {zeile}.',
  },
  'import.zu_viele_zeilen': {
    status: 400,
    de: 'Die CSV-Datei hat zu viele Zeilen (höchstens {max}).',
    en: 'The CSV file has too many rows (at most {max}).',
  },
  'import.spaltenzahl': {
    status: 400,
    de: 'Die Zeile hat {ist} statt {soll} Spalten.',
    en: 'The row has {ist} instead of {soll} columns.',
  },
  'import.wert_zu_lang': {
    status: 400,
    de: 'Der Wert ist zu lang (höchstens {max} Zeichen).',
    en: 'The value is too long (at most {max} characters).',
  },
  'import.email_doppelt': {
    status: 400,
    de: 'Die E-Mail-Adresse {email} steht bereits in Zeile {zeile} der Datei.',
    en: 'The e-mail address {email} already appears in line {zeile} of the file.',
  },
  'import.zeilen_fehlerhaft': {
    status: 400,
    de: '{anzahl#Zeile|Zeilen} der CSV-Datei {anzahl?ist|sind} fehlerhaft; es wurde nichts importiert.',
    en: '{anzahl} rows of the CSV file are invalid; nothing was imported.',
  },
  // --- personal access tokens (decision 226) -----------------------------------------------------
  /** No token, a malformed one, or one nobody issued: the same answer, so a token cannot be probed. */
  'zugriffstoken.ungueltig': {
    status: 401,
    de: 'Der Zugriffstoken fehlt oder ist ungültig. Bitte senden Sie einen persönlichen Zugriffstoken als „Authorization: Bearer …“.',
    en: 'The access token is missing or invalid. Please send a personal access token as "Authorization: Bearer …".',
  },
  'zugriffstoken.abgelaufen': {
    status: 401,
    de: 'Der Zugriffstoken ist abgelaufen. Bitte erstellen Sie in den Sicherheitseinstellungen einen neuen.',
    en: 'The access token has expired. Please create a new one in the security settings.',
  },
  'zugriffstoken.widerrufen': {
    status: 401,
    de: 'Der Zugriffstoken wurde widerrufen. Bitte erstellen Sie in den Sicherheitseinstellungen einen neuen.',
    en: 'The access token has been revoked. Please create a new one in the security settings.',
  },
  'zugriffstoken.nur_lesen': {
    status: 403,
    de: 'Dieser Zugriffstoken darf nur lesen. Zum Buchen, Ändern, Stornieren und Einchecken brauchen Sie einen Token mit dem Recht „Buchen“.',
    en: 'This access token may only read. To book, change, cancel or check in you need a token with the right "Book".',
  },
  'zugriffstoken.ablauf_ungueltig': {
    status: 400,
    de: 'Das Ablaufdatum muss zwischen heute und einem Jahr ab heute liegen.',
    en: 'The expiry date must lie between today and one year from today.',
  },
  'zugriffstoken.zu_viele': {
    status: 409,
    de: 'Sie haben bereits {anzahl} Zugriffstoken. Bitte widerrufen Sie zuerst einen, den Sie nicht mehr brauchen.',
    en: 'You already have {anzahl} access tokens. Please revoke one you no longer need first.',
  },
  /** The tenant has not switched the assistant on: the MCP server is part of it. */
  'zugriffstoken.chatbot_aus': {
    status: 403,
    de: 'Der Assistent ist für Ihre Organisation nicht eingeschaltet; der Zugang für KI-Programme (MCP) steht daher nicht zur Verfügung.',
    en: 'The assistant is not switched on for your organisation, so access for AI clients (MCP) is not available.',
  },
} as const satisfies Record<string, CatalogueEntry>;
