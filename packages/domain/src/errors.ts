/**
 * The error catalogue: every error the product can show, with a stable dotted code, its HTTP status and
 * the message in German (the spec's exact text, spec §5 and §8) and English.
 *
 * Placeholders are written `{name}` and filled by `formatError` from the error's params. German and
 * English texts of one code carry the same placeholders (checked by errors.test.ts).
 */
import type { Language } from './language.ts';

type CatalogueEntry = {
  readonly status: number;
  readonly de: string;
  readonly en: string;
  /** Params used where the error carries none of that name (not sent in the answer's `params`). */
  readonly ohne?: Readonly<Record<string, string>>;
};

export const ERRORS = {
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
  'spind.csv_fehler': {
    status: 400,
    de: 'Die Spind-Liste enthält Fehler, es wurde nichts importiert: {zeilen}',
    en: 'The locker list has errors, nothing was imported: {zeilen}',
  },
  'spind.keiner_frei': {
    status: 409,
    de: 'An diesem Standort ist in diesem Zeitraum kein passender Spind frei.',
    en: 'No suitable locker is free at this location in this period.',
  },
  'kalender.kein_filter': {
    status: 400,
    de: 'Bitte wählen Sie aus, ob das Kalender-Abo Fahrzeugbuchungen, Platzbuchungen oder beides enthält.',
    en: 'Please choose whether the calendar subscription holds vehicle bookings, place bookings or both.',
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
  /**
   * A change (POST, PUT, PATCH, DELETE) sent by a page at another address than the application's or a trusted
   * one (decision 104): refused before anything is read or written.
   */
  'request.fremde_herkunft': {
    status: 403,
    de: 'Diese Änderung kommt von einer fremden Seite und wurde nicht ausgeführt. Die Adresse der Anwendung ist {adresse}.',
    en: 'This change came from another site and was not carried out. The address of the application is {adresse}.',
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
  /**
   * What was not found: `nichtGefunden(typ, id)` names it ('Fahrzeug „MS-SW 101“ wurde nicht gefunden.'); an unknown
   * address or a switched-off area says 'Der Eintrag …' (decision 180).
   */
  not_found: {
    status: 404,
    de: '{was} wurde nicht gefunden.',
    en: '{was} was not found.',
    ohne: { was_de: 'Der Eintrag', was_en: 'The item' },
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
  'validation.failed': {
    status: 400,
    de: 'Die Eingabe ist ungültig.',
    en: 'The input is invalid.',
  },
  /** Spec §5/§8: missing mandatory fields. */
  'validation.pflichtfelder': {
    status: 400,
    de: 'Bitte alle Pflichtfelder ausfüllen.',
    en: 'Please fill in all mandatory fields.',
  },
  // --- one field of a refused request (params of validation.failed, decision 128) ----------------------
  'validation.feld_ungueltig': {
    status: 400,
    de: 'Der Wert ist ungültig.',
    en: 'The value is invalid.',
  },
  'validation.feld_fehlt': {
    status: 400,
    de: 'Bitte einen Wert angeben.',
    en: 'Please enter a value.',
  },
  /** {erwartet}: the kind of value, per language (Text, Zahl, Ja/Nein, Liste, Objekt). */
  'validation.falscher_typ': {
    status: 400,
    de: 'Der Wert hat die falsche Art; erwartet: {erwartet}.',
    en: 'The value is of the wrong kind; expected: {erwartet}.',
  },
  'validation.wert_nicht_vorgesehen': {
    status: 400,
    de: 'Der Wert {wert} ist nicht vorgesehen. Erlaubt: {werte}.',
    en: 'The value {wert} is not provided for. Allowed: {werte}.',
  },
  /** {format}: the expected notation, per language. */
  'validation.format': {
    status: 400,
    de: 'Der Wert {wert} hat nicht das erwartete Format ({format}).',
    en: 'The value {wert} does not have the expected format ({format}).',
  },
  'validation.tag_format': {
    status: 400,
    de: 'Bitte ein Datum im Format JJJJ-MM-TT zwischen den Jahren {min} und {max} angeben.',
    en: 'Please enter a date as YYYY-MM-DD between the years {min} and {max}.',
  },
  'validation.zeitpunkt_format': {
    status: 400,
    de: 'Bitte einen Zeitpunkt nach ISO 8601 mit Zeitzone zwischen den Jahren {min} und {max} angeben.',
    en: 'Please enter an ISO 8601 instant with offset between the years {min} and {max}.',
  },
  'validation.text_zu_lang': {
    status: 400,
    de: 'Der Text ist zu lang (höchstens {max#Zeichen|Zeichen}).',
    en: 'The text is too long (at most {max#character|characters}).',
  },
  'validation.text_zu_kurz': {
    status: 400,
    de: 'Der Text ist zu kurz (mindestens {min#Zeichen|Zeichen}).',
    en: 'The text is too short (at least {min#character|characters}).',
  },
  'validation.zahl_zu_gross': {
    status: 400,
    de: 'Der Wert darf höchstens {max} sein.',
    en: 'The value may be at most {max}.',
  },
  'validation.zahl_zu_klein': {
    status: 400,
    de: 'Der Wert muss mindestens {min} sein.',
    en: 'The value must be at least {min}.',
  },
  'validation.zu_viele': {
    status: 400,
    de: 'Höchstens {max#Eintrag|Einträge} möglich.',
    en: 'At most {max#entry|entries} possible.',
  },
  'validation.zu_wenige': {
    status: 400,
    de: 'Mindestens {min#Eintrag|Einträge} nötig.',
    en: 'At least {min#entry|entries} needed.',
  },
  'validation.unbekannte_felder': {
    status: 400,
    de: 'Unbekannte Felder: {felder}.',
    en: 'Unknown fields: {felder}.',
  },
  'validation.von_bis_zusammen': {
    status: 400,
    de: 'Beginn und Ende gehören zusammen: bitte beide oder keines angeben.',
    en: 'Start and end go together: please give both or neither.',
  },
  'validation.von_vor_bis': {
    status: 400,
    de: 'Der Beginn muss vor dem Ende liegen.',
    en: 'The start must lie before the end.',
  },
  'validation.nur_frei_braucht_zeitraum': {
    status: 400,
    de: 'Nur freie Fahrzeuge lassen sich mit Beginn und Ende suchen.',
    en: 'Only free vehicles can be searched with a start and an end.',
  },
  'validation.zeitraum_zu_lang': {
    status: 400,
    de: 'Der Zeitraum darf höchstens {tage#Tag|Tage} umfassen.',
    en: 'The period may span at most {tage#day|days}.',
  },
  'validation.steuerzeichen_mehrzeilig': {
    status: 400,
    de: 'Außer Zeilenumbrüchen und Tabulatoren sind in diesem Feld keine Steuerzeichen erlaubt.',
    en: 'Control characters other than line breaks and tabs are not allowed in this field.',
  },
  /** A time of day that is not HH:mm, naming the value typed ('7 Uhr'); spec §5's sentence first. */
  'zeit.ungueltig_wert': {
    status: 400,
    de: "Zeit zum setzen ist kein valider String. '{value}' ist keine Uhrzeit im Format HH:mm (00:00 bis 23:59).",
    en: "The time to set is not a valid string. '{value}' is not a time as HH:mm (00:00 to 23:59).",
  },
  /** A text field with a line break or another control character (schemas answer validation.failed). */
  'validation.steuerzeichen': {
    status: 400,
    de: 'Zeilenumbrüche und andere Steuerzeichen sind in diesem Feld nicht erlaubt.',
    en: 'Line breaks and other control characters are not allowed in this field.',
  },
  internal: {
    status: 500,
    de: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
    en: 'An unexpected error occurred. Please try again later.',
  },
  conflict: {
    status: 409,
    de: 'Der Eintrag wurde zwischenzeitlich geändert oder der Zeitraum ist bereits belegt.',
    en: 'The item was changed in the meantime or the period is already taken.',
  },

  // --- the request itself (HTTP layer: body, format, address) ------------------------------------
  'request.json_ungueltig': {
    status: 400,
    de: 'Der Inhalt der Anfrage ist kein gültiges JSON.',
    en: 'The request body is not valid JSON.',
  },
  'request.inhalt_fehlt': {
    status: 400,
    de: 'Die Anfrage hat keinen Inhalt, obwohl ihr Format einen verlangt.',
    en: 'The request has no body although its content type requires one.',
  },
  'request.format_nicht_unterstuetzt': {
    status: 415,
    de: 'Das Format {format} wird hier nicht angenommen.',
    en: 'The content type {format} is not accepted here.',
  },
  'request.multipart_ungueltig': {
    status: 400,
    de: 'Die Datei konnte nicht gelesen werden: Der Inhalt der Anfrage ist kein vollständiges multipart/form-data mit dem Feld file.',
    en: 'The file could not be read: the request body is not complete multipart/form-data with the field file.',
  },
  'request.zu_gross': {
    status: 413,
    de: 'Die Anfrage ist zu groß (höchstens {maxMb} MB).',
    en: 'The request is too large (at most {maxMb} MB).',
  },
  'request.adresse_ungueltig': {
    status: 400,
    de: 'Die Adresse der Anfrage ist ungültig.',
    en: 'The request address is invalid.',
  },
  'request.ungueltig': {
    status: 400,
    de: 'Die Anfrage ist fehlerhaft und konnte nicht gelesen werden.',
    en: 'The request is malformed and could not be read.',
  },
  'request.adresse_zu_lang': {
    status: 414,
    de: 'Die Adresse der Anfrage ist zu lang.',
    en: 'The request address is too long.',
  },
  'request.kopfzeilen_zu_gross': {
    status: 431,
    de: 'Die Kopfzeilen der Anfrage sind zu groß.',
    en: 'The request headers are too large.',
  },
  'request.zeitueberschreitung': {
    status: 408,
    de: 'Die Anfrage kam nicht rechtzeitig vollständig an.',
    en: 'The request did not arrive completely in time.',
  },

  // --- route guard of /admin (spec §2) -----------------------------------------------------------
  'guard.benutzer_muss_existieren': {
    status: 401,
    de: 'Ein Benutzer muss existieren',
    en: 'A user must exist',
  },
  'guard.no_admin': {
    status: 403,
    de: 'Keine Berechtigung für die Administration.',
    en: 'You are not allowed to use the administration.',
  },
  'guard.no_ausstattung': {
    status: 403,
    de: 'Keine Berechtigung für die Pflege der Ausstattung.',
    en: 'You are not allowed to maintain equipment.',
  },
  'guard.no_rolle_gruppe': {
    status: 403,
    de: 'Keine Berechtigung für die Pflege von Rollen und Gruppen.',
    en: 'You are not allowed to maintain roles and groups.',
  },
  'guard.no_benutzer': {
    status: 403,
    de: 'Keine Berechtigung für die Pflege von Benutzern.',
    en: 'You are not allowed to maintain users.',
  },
  'guard.no_objekt_pflege': {
    status: 403,
    de: 'Keine Berechtigung für die Pflege von Lokationen.',
    en: 'You are not allowed to maintain locations.',
  },
  'guard.no_einstellungen': {
    status: 403,
    de: 'Keine Berechtigung für die Einstellungen des Mandanten.',
    en: 'You are not allowed to change the tenant settings.',
  },
  'guard.no_oeffnungszeiten_pflege': {
    status: 403,
    de: 'Keine Berechtigung für die Pflege von Öffnungszeiten.',
    en: 'You are not allowed to maintain opening hours.',
  },
  // --- route guard of the vehicle screens (spec §6, decision 036) --------------------------------
  'guard.no_fahrzeug_modul': {
    status: 403,
    de: 'Keine Berechtigung für die Fahrzeugbuchung.',
    en: 'You are not allowed to book vehicles.',
  },
  'guard.no_sonderfahrten_freigabe': {
    status: 403,
    de: 'Keine Berechtigung für die Freigabe von Sonderfahrten.',
    en: 'You are not allowed to approve special trips.',
  },
  'guard.no_buchung_pflege': {
    status: 403,
    de: 'Nur das Buchungspersonal darf Vormerkungen bestätigen.',
    en: 'Only booking staff may confirm holds.',
  },
  'guard.no_fuehrerscheinpruefung': {
    status: 403,
    de: 'Keine Berechtigung für die Führerscheinprüfung.',
    en: 'You are not allowed to check driving licences.',
  },
  'guard.no_plattform_admin': {
    status: 403,
    de: 'Nur Plattform-Administratoren dürfen Mandanten verwalten.',
    en: 'Only platform administrators may manage tenants.',
  },
  'guard.no_postausgang': {
    status: 403,
    de: 'Keine Berechtigung für den Postausgang.',
    en: 'You are not allowed to read the outbox.',
  },
  // --- utilisation (decision 163) ------------------------------------------------------------------
  'guard.no_auslastung': {
    status: 403,
    de: 'Keine Berechtigung für die Büroauslastung.',
    en: 'You are not allowed to see the office utilisation.',
  },
  'auslastung.zeitraum_ungueltig': {
    status: 400,
    de: 'Der Zeitraum ist ungültig: ein Tag im Format JJJJ-MM-TT, das Ende nicht vor dem Beginn, höchstens {max} Tage.',
    en: 'The period is invalid: a day as YYYY-MM-DD, the end not before the start, at most {max} days.',
  },

  // --- statuses and types (spec §4, §8) ----------------------------------------------------------
  'status.unbekannt': {
    status: 400,
    de: 'Status {status} unbekannt',
    en: 'Unknown status {status}',
  },
  'typ.unbekannt': {
    status: 400,
    de: 'Typ {typ} unbekannt',
    en: 'Unknown type {typ}',
  },

  // --- time (spec §5) ----------------------------------------------------------------------------
  'zeit.ungueltig': {
    status: 400,
    de: 'Zeit zum setzen ist kein valider String.',
    en: 'The time to set is not a valid string (HH:mm).',
  },
  'zeit.buchungszeit_ungueltig': {
    status: 400,
    de: "No valid Time String '{value}'!",
    en: "No valid Time String '{value}'!",
  },
  'datum.ungueltig': {
    status: 400,
    de: 'Das Datum {value} ist ungültig. Bitte im Format TT.MM.JJJJ angeben.',
    en: 'The date {value} is invalid. Please use the format DD.MM.YYYY.',
  },

  // --- customizing (spec §5, §8) -----------------------------------------------------------------
  'customizing.option_not_found': {
    status: 404,
    de: 'keine CustomizingOption zu {name} gefunden!',
    en: 'No customizing option named {name} found!',
  },
  'customizing.not_a_number': {
    status: 400,
    de: 'Wert zum mappen muss vom Typ number sein!',
    en: 'The value to map must be of type number!',
  },
  'customizing.not_an_integer': {
    status: 400,
    de: 'Der Wert für {name} muss eine ganze Zahl sein.',
    en: 'The value for {name} must be a whole number.',
  },
  'customizing.not_a_boolean': {
    status: 400,
    de: 'Wert zum mappen muss vom Typ boolean sein!',
    en: 'The value to map must be of type boolean!',
  },
  'customizing.not_a_string': {
    status: 400,
    de: 'Wert zum mappen muss vom Typ string sein!',
    en: 'The value to map must be of type string!',
  },
  'customizing.not_an_array': {
    status: 400,
    de: 'Wert zum mappen muss eine Liste sein!',
    en: 'The value to map must be a list!',
  },
  'customizing.value_too_long': {
    status: 400,
    de: 'Der Wert für {name} ist zu lang (höchstens {max} Zeichen).',
    en: 'The value for {name} is too long (at most {max} characters).',
  },
  'customizing.wochentag_unbekannt': {
    status: 400,
    de: 'Der Wochentag {wert} ist für {name} unbekannt. Erlaubt sind: {liste} (auch Montag, Mo oder monday).',
    en: 'The weekday {wert} is unknown for {name}. Allowed are: {liste} (also Montag, Mo or monday).',
  },
  'customizing.value_not_allowed': {
    status: 400,
    de: 'Der Wert {wert} ist für {name} nicht erlaubt.',
    en: 'The value {wert} is not allowed for {name}.',
  },
  'customizing.out_of_range': {
    status: 400,
    de: 'Der Wert für {name} muss zwischen {min} und {max} liegen.',
    en: 'The value for {name} must be between {min} and {max}.',
  },
  'customizing.level_not_allowed': {
    status: 403,
    de: 'Die Einstellung {name} kann auf der Ebene {schicht} nicht gesetzt werden.',
    en: 'The setting {name} cannot be set at level {schicht}.',
  },
  // raised when the database refuses a write for a known reason; {grund} (grund_de, grund_en) is a fixed text, never
  // the database's own message (apps/server/src/modules/verwaltung/customizing/customizing.service.ts)
  'customizing.save_failed': {
    status: 409,
    de: 'Neuer Customizing Wert {wert} konnte nicht in Schicht {schicht} gespeichert werden. Fehler: {grund}',
    en: 'New customizing value {wert} could not be saved at level {schicht}. Error: {grund}',
  },

  // --- reading room (spec §4, §8) ----------------------------------------------------------------
  'leseraum_buchung.durchgefuehrt_nicht_stornierbar': {
    status: 409,
    de: 'Eine durchgeführte LeseraumBuchung kann nicht storniert werden.',
    en: 'A completed reading-room booking cannot be cancelled.',
  },

  'leseraum_buchung.schritt_nicht_erlaubt': {
    status: 409,
    de: 'Für eine Buchung im Status {status} ist dieser Schritt nicht möglich.',
    en: 'This step is not possible for a booking with status {status}.',
  },
  'leseraum_buchung.ende_vor_beginn': {
    status: 400,
    de: 'Der Beginn der Buchung muss vor ihrem Ende liegen.',
    en: 'The booking must start before it ends.',
  },
  'leseraum_buchung.in_vergangenheit': {
    status: 400,
    de: 'Eine Buchung in der Vergangenheit ist nicht möglich.',
    en: 'Bookings in the past are not possible.',
  },
  'leseraum_buchung.ausserhalb_oeffnungszeit': {
    status: 400,
    de: 'Die Buchung liegt außerhalb der Öffnungszeit ({von} bis {bis} Uhr).',
    en: 'The booking lies outside the opening hours ({von} to {bis}).',
  },
  'leseraum_buchung.takt': {
    status: 400,
    de: 'Beginn und Ende müssen im {minuten}-Minuten-Takt liegen.',
    en: 'Start and end must be on a {minuten}-minute step.',
  },
  'leseraum_buchung.zu_kurz': {
    status: 400,
    de: 'Eine Buchung muss mindestens {minuten#Minute|Minuten} dauern.',
    en: 'A booking must last at least {minuten#minute|minutes}.',
  },
  'leseraum_buchung.zu_lang': {
    status: 400,
    de: 'Eine Buchung darf höchstens {minuten#Minute|Minuten} dauern.',
    en: 'A booking may last at most {minuten#minute|minutes}.',
  },
  'leseraum_buchung.wochenlimit': {
    status: 409,
    de: 'Sie haben in dieser Woche bereits die höchste Zahl von {max} Buchungen erreicht.',
    en: 'You have already reached the maximum of {max} bookings this week.',
  },
  'leseraum_buchung.belegt': {
    status: 409,
    de: 'Der Platz ist im gewählten Zeitraum bereits belegt.',
    en: 'The seat is already taken in the chosen period.',
  },
  'leseraum_buchung.tag_nicht_buchbar': {
    status: 400,
    de: 'Am {datum} kann nicht gebucht werden.',
    en: 'Bookings are not possible on {datum}.',
  },
  'leseraum_buchung.platz_inaktiv': {
    status: 409,
    de: 'Dieser Platz oder sein Grundriss ist derzeit nicht buchbar.',
    en: 'This place or its floor plan cannot be booked at the moment.',
  },
  'leseraum_buchung.eigener_platz': {
    status: 409,
    de: 'Dieser Platz ist der eigene Platz einer anderen Person und kann nicht gebucht werden.',
    en: "This is another person's own place and cannot be booked.",
  },
  'leseraum_buchung.gruppengroesse': {
    status: 400,
    de: 'Die Gruppengröße muss zwischen 1 und {max} liegen.',
    en: 'The group size must be between 1 and {max}.',
  },
  'leseraum_buchung.nicht_berechtigt': {
    status: 403,
    de: 'Diesen Schritt darf nur die buchende Person oder das Buchungspersonal ausführen.',
    en: 'Only the booker or booking staff may take this step.',
  },
  /** {frist}: the deadline's time of day (the booking's start). */
  'leseraum_buchung.frist_abgelaufen': {
    status: 409,
    de: 'Die Vormerkung konnte nur bis {frist} Uhr bestätigt werden und ist abgelaufen.',
    en: 'The hold could only be confirmed until {frist} and has expired.',
  },
  'leseraum_buchung.nicht_reserviert': {
    status: 409,
    de: 'Bitte bestätigen Sie die Vormerkung, bevor Sie einchecken.',
    en: 'Please confirm the hold before checking in.',
  },
  'leseraum_buchung.check_in_fenster': {
    status: 409,
    de: 'Einchecken ist nur von {beginn} bis {ende} Uhr möglich.',
    en: 'Check-in is only possible from {beginn} to {ende}.',
  },
  // POST /api/mail (decision 052): {typ} a mail type of spec §7, {status} the booking's status
  'leseraum_buchung.mail_passt_nicht': {
    status: 409,
    de: 'Die Mail {typ} gehört nicht zu einer Buchung im Status {status}.',
    en: 'The mail {typ} does not belong to a booking with status {status}.',
  },
  'leseraum_buchung.mail_alt_fehlt': {
    status: 400,
    de: 'Für die Mail useMailBuchungAngepasst wird die bisherige Buchung (buchungAlt) gebraucht.',
    en: 'The mail useMailBuchungAngepasst needs the previous booking (buchungAlt).',
  },
  'leseraum_buchung.mail_alt_unerwartet': {
    status: 400,
    de: 'Nur die Mail useMailBuchungAngepasst nimmt eine bisherige Buchung (buchungAlt).',
    en: 'Only the mail useMailBuchungAngepasst takes a previous booking (buchungAlt).',
  },
  // staff cancel or decline under their own right (decision 118, 136): the booker is mailed the reason
  'leseraum_buchung.grund_fehlt': {
    status: 400,
    de: 'Bitte geben Sie einen Grund an; die buchende Person erhält ihn per E-Mail.',
    en: 'Please give a reason; the booker receives it by e-mail.',
  },
  'leseraum_buchung.nicht_zu_bestaetigen': {
    status: 409,
    de: 'Diese Vormerkung wartet nicht auf die Bestätigung durch das Buchungspersonal.',
    en: 'This hold is not waiting for confirmation by booking staff.',
  },
  'leseraum_buchung.mail_kein_bestaetiger': {
    status: 409,
    de: 'Diese Buchung hat noch keine bestätigende Person.',
    en: 'This booking has no confirmer yet.',
  },

  // --- vehicles (spec §4, §5, §8) ----------------------------------------------------------------
  'fahrzeug.update_ohne_altdaten': {
    status: 400,
    de: 'Update des Fahrzeugs ohne alte Fahrzeugdaten nicht möglich, da Validierung nicht durchgeführt werden kann!',
    en: 'The vehicle cannot be updated without its previous data because validation cannot be carried out!',
  },
  /** {art}: 'Innen' or 'Aussen'; {liste}: the allowed cleaning states, comma-separated. */
  'fahrzeug.reinigungszustand_ungueltig': {
    status: 400,
    de: 'Reinigungszustand {art} {wert} kann nicht gespeichert werden, muss innerhalb der erlaubten Werte liegen! [{liste}]',
    en: 'Cleanliness {art} {wert} cannot be saved, it must be one of the allowed values! [{liste}]',
  },
  'fahrzeug.tankfuellung_ungueltig': {
    status: 400,
    de: 'Tankfüllung muss zwischen 0 und 100 sein!',
    en: 'Fuel level must be between 0 and 100!',
  },
  'fahrzeug.kilometerstand_zu_klein': {
    status: 400,
    de: 'Kilometerstand muss größer als {value} sein.',
    en: 'Mileage must be greater than {value}.',
  },
  // --- logbook (packages/domain/src/fahrten/fahrtenbuch) --------------------------------------------
  'fahrtenbuch.ende_vor_beginn': {
    status: 422,
    de: 'Das Ende der Fahrt muss nach ihrem Beginn liegen.',
    en: 'The trip must end after it starts.',
  },
  'fahrtenbuch.kilometer_ungueltig': {
    status: 400,
    de: 'Kilometerstände sind ganze Zahlen ab 0.',
    en: 'Mileage readings are whole numbers from 0.',
  },
  /** {value}: the trip's start reading; a trip of 0 km is recorded (decision 092). */
  'fahrtenbuch.kilometer_unter_beginn': {
    status: 400,
    de: 'Kilometerstand muss mindestens {value} sein.',
    en: 'Mileage must be at least {value}.',
  },
  'fahrtenbuch.kilometer_zu_gross': {
    status: 400,
    de: 'Kilometerstand muss kleiner als {value} sein.',
    en: 'Mileage must be less than {value}.',
  },
  'fahrtenbuch.gesperrt': {
    status: 409,
    de: 'Der Eintrag ist gesperrt: Zweck und Geschäftspartner konnten bis zum {datum} ergänzt werden.',
    en: 'The entry is locked: purpose and business partner could be completed until {datum}.',
  },
  'fahrtenbuch.keine_aenderung': {
    status: 422,
    de: 'Die neue Fassung ändert nichts am Eintrag.',
    en: 'The new version does not change the entry.',
  },
  'fahrtenbuch.ablesung_unveraenderlich': {
    status: 422,
    de: 'Datum und Fahrer einer Fahrt stammen aus Check-in und Check-out und werden nicht geändert. Erfassen Sie eine fehlende Fahrt von Hand.',
    en: 'Date and driver of a trip come from check-in and check-out and are not changed. Record a missing trip by hand.',
  },
  'fahrtenbuch.grund_fehlt': {
    status: 422,
    de: 'Bitte geben Sie an, warum der Eintrag korrigiert wird.',
    en: 'Please state why the entry is corrected.',
  },
  // --- check-in and check-out (decisions 063 and 064) ------------------------------------------
  'fahrt.abstellplatz_ungueltig': {
    status: 400,
    de: 'Der Abstellplatz muss einer der Abstellplätze des Standorts sein: [{liste}]',
    en: 'The parking spot must be one of the location’s parking spots: [{liste}]',
  },
  'fahrt.schadensort_ungueltig': {
    status: 400,
    de: 'Der Schadensort „{ort}“ ist nicht erlaubt. Erlaubt sind: {liste}.',
    en: 'The damage location "{ort}" is not allowed. Allowed are: {liste}.',
  },
  /** The location has no parking spots, but one was named (no raw '[]'). */
  'fahrt.abstellplatz_keine': {
    status: 400,
    de: 'Der Standort hat keine Abstellplätze; bitte keinen Abstellplatz angeben.',
    en: 'The location has no parking spots; please leave the parking spot empty.',
  },
  'fahrt.vorbuchung_nicht_ausgecheckt': {
    status: 409,
    de: 'Ein CheckIn ist nicht möglich, da die vorherige Buchung des Fahrzeugs noch nicht ausgecheckt wurde.',
    en: 'Check-in is not possible because the vehicle’s previous booking has not been checked out yet.',
  },
  'fahrt.zu_viele_dateien': {
    status: 400,
    de: 'Fehler beim Hochladen der Datei: Höchstens {max#Beleg|Belege} und ein Foto je Schaden.',
    en: 'Error uploading the file: at most {max#receipt|receipts} and one photo per damage.',
  },
  'fahrt.feld_unbekannt': {
    status: 400,
    de: "Fehler beim Hochladen der Datei: Das Feld '{feld}' ist unbekannt.",
    en: "Error uploading the file: the field '{feld}' is unknown.",
  },
  'fahrzeug.keine_treffer': {
    status: 404,
    de: 'Anhand der ausgewählten Filter wurde kein Fahrzeug gefunden.',
    en: 'No vehicle matches the selected filters.',
  },
  'fahrzeug_buchung.checkin_nicht_freigegeben': {
    status: 409,
    de: 'Ein CheckIn ist nicht möglich, da die Buchung nicht freigegeben wurde!',
    en: 'Check-in is not possible because the booking has not been approved!',
  },
  'fahrzeug_buchung.ende_vor_beginn': {
    status: 422,
    de: 'Der Beginn der Buchung muss vor ihrem Ende liegen.',
    en: 'The booking must start before it ends.',
  },
  'fahrzeug_buchung.ausserhalb_gueltigkeit': {
    status: 422,
    de: 'Das Fahrzeug ist im gewählten Zeitraum nicht buchbar.',
    en: 'The vehicle cannot be booked in the chosen period.',
  },
  'fahrzeug_buchung.ausserhalb_buchungszeitraum': {
    status: 422,
    de: 'Die Buchung liegt außerhalb der Buchungszeiten des Fahrzeugs ({von} bis {bis}).',
    en: 'The booking lies outside the booking times of the vehicle ({von} to {bis}).',
  },
  'fahrzeug_buchung.ueberschneidung': {
    status: 409,
    de: 'Das Fahrzeug ist im gewählten Zeitraum bereits gebucht.',
    en: 'The vehicle is already booked in the chosen period.',
  },
  'fahrzeug_buchung.noch_unterwegs': {
    status: 409,
    de: 'Das Fahrzeug ist noch unterwegs: Die vorherige Fahrt wurde noch nicht ausgecheckt.',
    en: 'The vehicle is still on the road: the previous trip has not been checked out yet.',
  },
  'fahrzeug_buchung.zu_kurz': {
    status: 422,
    de: 'Eine Buchung muss mindestens {minuten#Minute|Minuten} dauern.',
    en: 'A booking must last at least {minuten#minute|minutes}.',
  },
  'fahrzeug_buchung.zu_weit_im_voraus': {
    status: 422,
    de: 'So weit im Voraus kann nicht gebucht werden (spätestens bis {datum}).',
    en: 'Bookings this far ahead are not possible (at the latest until {datum}).',
  },
  'fahrzeug_buchung.checkin_zu_frueh': {
    status: 409,
    de: 'Ein Check-in ist erst ab {zeit} Uhr möglich.',
    en: 'Check-in is only possible from {zeit}.',
  },
  'fahrzeug_buchung.checkin_vorbei': {
    status: 409,
    de: 'Die Buchung ist bereits beendet; ein Check-in ist nicht mehr möglich.',
    en: 'The booking has already ended; check-in is no longer possible.',
  },
  'fahrzeug_buchung.checkin_inaktiv': {
    status: 409,
    de: 'Check-in und Check-out sind für diesen Mandanten ausgeschaltet.',
    en: 'Check-in and check-out are switched off for this tenant.',
  },
  'fahrzeug_buchung.schritt_nicht_erlaubt': {
    status: 409,
    de: 'Für eine Buchung im Status {status} ist dieser Schritt nicht möglich.',
    en: 'This step is not possible for a booking with status {status}.',
  },
  'fuehrerschein.klasse_fehlt': {
    status: 422,
    de: 'Für dieses Fahrzeug ist die Führerscheinklasse {klasse} nötig.',
    en: 'This vehicle requires driving-licence class {klasse}.',
  },
  'fuehrerschein.ausstellung_nach_beginn': {
    status: 422,
    de: 'Der Führerschein wurde erst nach Beginn der Buchung ausgestellt.',
    en: 'The driving licence was issued after the booking starts.',
  },
  'fuehrerschein.pruefung_abgelaufen': {
    status: 422,
    de: 'Die Führerscheinprüfung ist abgelaufen oder läuft vor Ende der Buchung ab. Bitte wenden Sie sich an die Führerscheinprüfung.',
    en: 'The driving-licence check has lapsed or lapses before the booking ends. Please contact the licence checkers.',
  },
  'fuehrerschein.fehlt': {
    status: 422,
    de: 'Zum Buchen von Fahrzeugen ist ein geprüfter Führerschein nötig. Bitte wenden Sie sich an die Führerscheinprüfung.',
    en: 'A checked driving licence is required to book vehicles. Please contact the licence checkers.',
  },
  'fuehrerschein.fahrverbot': {
    status: 422,
    de: 'Im gewählten Zeitraum besteht ein Fahrverbot. Bitte wenden Sie sich an die Führerscheinprüfung.',
    en: 'A driving ban applies in the chosen period. Please contact the licence checkers.',
  },
  'fahrzeug_buchung.fremdbuchung_nicht_erlaubt': {
    status: 403,
    de: 'Sie dürfen für diese Person kein Fahrzeug buchen.',
    en: 'You may not book a vehicle for this person.',
  },
  'sonderfreigabe.keine_offenen': {
    status: 404,
    de: 'Momentan gibt es keine Buchungen, die Freigegeben werden müssen.',
    en: 'There are currently no bookings awaiting approval.',
  },
  'sonderfreigabe.user_not_found': {
    status: 401,
    de: 'User not found! Kein update der Sonderfreigabe möglich.',
    en: 'User not found! The special approval cannot be updated.',
  },

  // --- administration master data ------------------------------------------------------
  'mandant.domain_ungueltig': {
    status: 400,
    de: 'Die Domain {domain} ist ungültig.',
    en: 'The domain {domain} is invalid.',
  },
  'mandant.domain_vergeben': {
    status: 409,
    de: 'Die Domain {domain} gehört bereits zu einem anderen Mandanten.',
    en: 'The domain {domain} already belongs to another tenant.',
  },
  'mandant.name_bestaetigung_falsch': {
    status: 400,
    de: 'Zum Löschen bitte den Namen des Mandanten „{name}“ genau eingeben.',
    en: 'To delete, please type the tenant name "{name}" exactly.',
  },
  'mandant.fahrtenbuch_aufbewahrung': {
    status: 409,
    de: 'Der Mandant {name} kann nicht gelöscht werden: Sein Fahrtenbuch enthält {anzahl} Einträge, die nach § 147 AO bis Ende {jahr} aufbewahrt werden müssen. Schalten Sie die Fahrzeugbuchung ab; löschen können Sie den Mandanten, sobald die Aufbewahrungsfrist abgelaufen ist und die Einträge entfernt sind.',
    en: 'The tenant {name} cannot be deleted: its logbook holds {anzahl} entries that must be kept until the end of {jahr} (§ 147 AO). Switch vehicle booking off; you can delete the tenant once the retention period has passed and the entries are removed.',
  },
  'mandant.eigener_mandant': {
    status: 409,
    de: 'Den eigenen Mandanten können Sie nicht löschen.',
    en: 'You cannot delete your own tenant.',
  },
  'mandant.mandant_angeben': {
    status: 409,
    de: 'Es gibt mehrere Mandanten ({mandanten}); bitte den Mandanten angeben.',
    en: 'There are several tenants ({mandanten}); please name the tenant.',
  },
  'standort.name_vergeben': {
    status: 409,
    de: 'Eine Lokation mit dem Namen {name} gibt es bereits.',
    en: 'A location named {name} already exists.',
  },
  'standort.in_verwendung': {
    status: 409,
    de: 'Die Lokation {name} wird noch verwendet ({fahrzeuge#Fahrzeug|Fahrzeuge}, {grundrisse#Grundriss|Grundrisse}) und kann nicht gelöscht werden.',
    en: 'The location {name} is still in use ({fahrzeuge#vehicle|vehicles}, {grundrisse#floor plan|floor plans}) and cannot be deleted.',
  },
  'ausstattung.name_vergeben': {
    status: 409,
    de: 'Eine Ausstattung mit dem Namen {name} gibt es bereits.',
    en: 'Equipment named {name} already exists.',
  },
  'ausstattung.in_verwendung': {
    status: 409,
    de: 'Die Ausstattung {name} ist {raeume#Raum|Räumen} zugeordnet und kann nicht gelöscht werden.',
    en: 'The equipment {name} is assigned to {raeume#room|rooms} and cannot be deleted.',
  },
  // --- /admin/raeume (decision 051) ---
  'grundriss.in_verwendung': {
    status: 409,
    de: 'Der Grundriss {name} hat bereits {buchungen#Buchung|Buchungen} und kann nicht gelöscht werden. Bitte deaktivieren Sie ihn stattdessen.',
    en: 'The floor plan {name} already has {buchungen#booking|bookings} and cannot be deleted. Please deactivate it instead.',
  },
  'leseraum.in_verwendung': {
    status: 409,
    de: 'Der Platz {name} hat bereits {buchungen#Buchung|Buchungen} und kann nicht gelöscht werden. Bitte deaktivieren Sie ihn stattdessen.',
    en: 'The place {name} already has {buchungen#booking|bookings} and cannot be deleted. Please deactivate it instead.',
  },
  'leseraum.deaktivierung_bestaetigen': {
    status: 409,
    de: 'Für {name} gibt es {anzahl#künftige Buchung|künftige Buchungen}. Bitte bestätigen Sie, dass sie storniert {anzahl?wird|werden}.',
    en: 'There {anzahl?is|are} {anzahl#future booking|future bookings} of {name}. Please confirm that {anzahl?it|they} will be cancelled.',
  },
  'leseraum.ausstattung_unbekannt': {
    status: 400,
    de: 'Die Ausstattung {id} gibt es nicht.',
    en: 'The equipment {id} does not exist.',
  },
  'leseraum.standort_unbekannt': {
    status: 400,
    de: 'Die Lokation {id} gibt es nicht.',
    en: 'The location {id} does not exist.',
  },
  'oeffnungszeit.von_nach_bis': {
    status: 400,
    de: 'Der Beginn ({von}) muss vor dem Ende ({bis}) liegen.',
    en: 'The start ({von}) must be before the end ({bis}).',
  },
  'oeffnungszeit.zeitraum_ungueltig': {
    status: 400,
    de: 'Das Ende des Zeitraums ({gueltigBis}) darf nicht vor seinem Beginn ({gueltigVon}) liegen.',
    en: 'The end of the period ({gueltigBis}) must not be before its start ({gueltigVon}).',
  },
  'oeffnungszeit.wochentage_unvollstaendig': {
    status: 400,
    de: 'Bitte für jeden Wochentag von 0 (Sonntag) bis 6 (Samstag) genau eine Zeile angeben.',
    en: 'Please give exactly one row for each weekday from 0 (Sunday) to 6 (Saturday).',
  },
  'oeffnungszeit.stornierung_bestaetigen': {
    status: 409,
    de: 'Im geschlossenen Zeitraum {anzahl?liegt|liegen} {anzahl#Buchung|Buchungen}. Bitte bestätigen Sie, dass sie storniert {anzahl?wird|werden}.',
    en: 'There {anzahl?is|are} {anzahl#booking|bookings} in the closed period. Please confirm that {anzahl?it|they} will be cancelled.',
  },

  // --- uploads (spec §5, §8): every refusal is the catalogue's 'Fehler beim Hochladen der Datei: {message}'
  // with the reason as its message, each reason its own code (and status) so it reads in both languages ---
  'upload.failed': {
    status: 400,
    de: 'Fehler beim Hochladen der Datei: {message}',
    en: 'Error uploading the file: {message}',
  },
  'upload.type_not_allowed': {
    status: 415,
    de: 'Fehler beim Hochladen der Datei: Dieser Dateityp ist hier nicht erlaubt. Erlaubt: {erlaubt}.',
    en: 'Error uploading the file: this file type is not allowed here. Allowed: {erlaubt}.',
  },
  'upload.too_large': {
    status: 413,
    de: 'Fehler beim Hochladen der Datei: Die Datei ist zu groß (höchstens {maxMb} MB).',
    en: 'Error uploading the file: the file is too large (at most {maxMb} MB).',
  },
  'upload.leer': {
    status: 400,
    de: 'Fehler beim Hochladen der Datei: Die Datei ist leer.',
    en: 'Error uploading the file: the file is empty.',
  },
  'upload.keine_datei': {
    status: 400,
    de: "Fehler beim Hochladen der Datei: Es wurde keine Datei im Feld '{feld}' gesendet.",
    en: "Error uploading the file: no file was sent in the field '{feld}'.",
  },
  'upload.kodierung': {
    status: 400,
    de: 'Fehler beim Hochladen der Datei: Die Datei ist nicht in UTF-8 kodiert.',
    en: 'Error uploading the file: the file is not UTF-8 encoded.',
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

  // --- vehicle booking rules (decision 040) ---------------------------------------------
  'fahrzeug_buchung.in_vergangenheit': {
    status: 422,
    de: 'Eine Buchung kann nicht in der Vergangenheit beginnen.',
    en: 'A booking cannot start in the past.',
  },
  'fahrzeug_buchung.ende_in_vergangenheit': {
    status: 422,
    de: 'Das Ende der Buchung darf nicht in der Vergangenheit liegen.',
    en: 'The end of the booking must not lie in the past.',
  },
  'fahrzeug_buchung.beginn_unveraenderlich': {
    status: 422,
    de: 'Die Buchung hat bereits begonnen; ihr Beginn kann nicht mehr geändert werden.',
    en: 'The booking has already started; its start can no longer be changed.',
  },
  'fahrzeug_buchung.takt': {
    status: 422,
    de: 'Beginn und Ende müssen im {minuten}-Minuten-Takt liegen.',
    en: 'Start and end must be on a {minuten}-minute step.',
  },
  'fahrzeug_buchung.fahrzeug_deaktiviert': {
    status: 422,
    de: 'Das Fahrzeug ist deaktiviert und kann nicht gebucht werden.',
    en: 'The vehicle is deactivated and cannot be booked.',
  },
  /** An overdue UVV inspection (DGUV Vorschrift 70) when the tenant blocks booking (decision 068). */
  'fahrzeug_buchung.uvv_ueberfaellig': {
    status: 409,
    de: 'Das Fahrzeug kann nicht gebucht werden: Die UVV-Prüfung war am {datum} fällig und ist noch nicht eingetragen.',
    en: 'The vehicle cannot be booked: its UVV inspection was due on {datum} and has not been recorded.',
  },
  /** The same as a notice when the tenant only warns (decision 068). */
  'fahrzeug_buchung.uvv_ueberfaellig_hinweis': {
    status: 400,
    de: 'Hinweis: Die UVV-Prüfung des Fahrzeugs war am {datum} fällig und ist noch nicht eingetragen.',
    en: 'Note: the UVV inspection of the vehicle was due on {datum} and has not been recorded.',
  },
  /** An overdue HU (general inspection) when the tenant blocks booking (like the UVV's). */
  'fahrzeug_buchung.hu_ueberfaellig': {
    status: 409,
    de: 'Das Fahrzeug kann nicht gebucht werden: Die Hauptuntersuchung (HU) war am {datum} fällig und ist noch nicht eingetragen.',
    en: 'The vehicle cannot be booked: its general inspection (HU) was due on {datum} and has not been recorded.',
  },
  'fahrzeug_buchung.hu_ueberfaellig_hinweis': {
    status: 400,
    de: 'Hinweis: Die Hauptuntersuchung (HU) des Fahrzeugs war am {datum} fällig und ist noch nicht eingetragen.',
    en: 'Note: the general inspection (HU) of the vehicle was due on {datum} and has not been recorded.',
  },
  'serviceheft.faelligkeit_nur_hu_uvv': {
    status: 400,
    de: 'Eine nächste Fälligkeit gibt es nur bei HU und UVV-Prüfung.',
    en: 'Only the HU and the UVV inspection have a next due date.',
  },
  'serviceheft.typ_unbekannt': {
    status: 400,
    de: 'Typ {typ} unbekannt',
    en: 'Type {typ} unknown',
  },
  'fahrzeug_buchung.gesperrt': {
    status: 409,
    de: 'Das Fahrzeug ist im gewählten Zeitraum wegen Wartung, Service oder Defekt gesperrt.',
    en: 'The vehicle is blocked for maintenance, service or a defect in the chosen period.',
  },
  'fahrzeug_buchung.mindestabstand': {
    status: 409,
    de: 'Zwischen zwei Buchungen des Fahrzeugs {stunden?muss|müssen} mindestens {stunden#Stunde|Stunden} liegen.',
    en: 'There must be at least {stunden#hour|hours} between two bookings of the vehicle.',
  },
  'fahrzeug_buchung.mindestabstand_minuten': {
    status: 409,
    de: 'Zwischen zwei Buchungen des Fahrzeugs {minuten?muss|müssen} mindestens {minuten#Minute|Minuten} liegen.',
    en: 'There must be at least {minuten#minute|minutes} between two bookings of the vehicle.',
  },
  'fahrzeug_buchung.fahrer_doppelt': {
    status: 409,
    de: '{fahrer} hat in dieser Zeit schon ein Fahrzeug gebucht ({kennzeichen}, {zeitraum}). Eine Person kann nicht zwei Fahrzeuge gleichzeitig fahren.',
    en: '{fahrer} already has a vehicle booked in this period ({kennzeichen}, {zeitraum}). One person cannot drive two vehicles at the same time.',
  },
  'fahrzeug_buchung.vor_buchungsstart': {
    status: 422,
    de: 'Eine Buchung ist frühestens ab {datum} {zeit} Uhr möglich.',
    en: 'A booking is possible from {datum} {zeit} at the earliest.',
  },
  'fahrzeug_buchung.freigeber_fehlt': {
    status: 422,
    de: 'Die Fahrt liegt außerhalb der Buchungszeiten: Bitte mindestens eine Person für die Sonderfreigabe auswählen.',
    en: 'The trip lies outside the booking times: please choose at least one person to approve it.',
  },
  'fahrzeug_buchung.freigeber_ungueltig': {
    status: 422,
    de: 'Die gewählte Person darf keine Sonderfahrten freigeben.',
    en: 'The chosen person may not approve special trips.',
  },
  'fahrzeug_buchung.bereits_eingecheckt': {
    status: 409,
    de: 'Die Fahrt hat bereits begonnen (Check-in erfolgt).',
    en: 'The trip has already started (checked in).',
  },
  'fahrzeug_buchung.nicht_eingecheckt': {
    status: 409,
    de: 'Ein Check-out ist erst nach dem Check-in möglich.',
    en: 'Check-out is only possible after check-in.',
  },
  'fahrzeug_buchung.bereits_ausgecheckt': {
    status: 409,
    de: 'Die Fahrt ist bereits beendet (Check-out erfolgt).',
    en: 'The trip has already ended (checked out).',
  },
  'fahrzeug_buchung.checkin_sperre': {
    status: 409,
    de: 'Eine Wartung, ein Service oder ein Defekt hat keinen Check-in.',
    en: 'Maintenance, service or defect blocks have no check-in.',
  },
  'fahrzeug_buchung.buchen_nicht_erlaubt': {
    status: 403,
    de: 'Sie dürfen keine Fahrzeuge buchen.',
    en: 'You may not book vehicles.',
  },
  // cancelling someone else's trip (decision 149): the booker is mailed the reason and keeps seeing it
  'fahrzeug_buchung.grund_fehlt': {
    status: 400,
    de: 'Bitte geben Sie einen Grund an; die buchende Person erhält ihn per E-Mail.',
    en: 'Please give a reason; the booker receives it by e-mail.',
  },
  'fahrzeug_sperre.fahrt_laeuft': {
    status: 409,
    de: 'Im gewählten Zeitraum ist das Fahrzeug unterwegs; die Sperre kann erst nach dem Check-out beginnen.',
    en: 'The vehicle is on a trip in the chosen period; the block can only start after its check-out.',
  },
  // --- blocks (decision 056) ---------------------------------------------------------------
  'fahrzeug_sperre.vorschau_veraltet': {
    status: 409,
    de: 'Die Buchungen des Fahrzeugs haben sich seit der Vorschau geändert. Bitte die Vorschau neu laden.',
    en: "The vehicle's bookings changed since the preview. Please load the preview again.",
  },
  'sonderfreigabe.nicht_freigeber': {
    status: 403,
    de: 'Sie sind für diese Buchung nicht zur Freigabe eingetragen.',
    en: 'You are not listed as an approver of this booking.',
  },
  'sonderfreigabe.bereits_entschieden': {
    status: 409,
    de: 'Über diese Freigabe wurde bereits entschieden.',
    en: 'This approval has already been decided.',
  },
  'sonderfreigabe.nicht_offen': {
    status: 409,
    de: 'Die Buchung wartet nicht mehr auf eine Freigabe.',
    en: 'The booking no longer awaits approval.',
  },
  // --- fleet administration (decision 048) ----------------------------------------------
  'guard.no_fahrzeug_pflege': {
    status: 403,
    de: 'Keine Berechtigung für die Pflege von Fahrzeugen.',
    en: 'You are not allowed to maintain vehicles.',
  },
  'fahrzeug.kennzeichen_vergeben': {
    status: 409,
    de: 'Ein Fahrzeug mit dem Kennzeichen {kennzeichen} gibt es bereits.',
    en: 'A vehicle with the licence plate {kennzeichen} already exists.',
  },
  'fahrzeug.standort_unbekannt': {
    status: 404,
    de: 'Die gewählte Lokation wurde nicht gefunden.',
    en: 'The chosen location was not found.',
  },
  'fahrzeug.veraltet': {
    status: 409,
    de: 'Das Fahrzeug wurde inzwischen geändert. Bitte laden Sie die Seite neu und prüfen Sie Ihre Änderung.',
    en: 'The vehicle has been changed in the meantime. Please reload the page and check your change.',
  },
  'fahrzeug.stornierung_bestaetigen': {
    status: 409,
    de: 'Die Änderung storniert {anzahl#Buchung|Buchungen}. Bitte prüfen und bestätigen Sie die Liste.',
    en: 'The change cancels {anzahl#booking|bookings}. Please review and confirm the list.',
  },
  'fahrzeug.in_verwendung': {
    status: 409,
    de: 'Das Fahrzeug {kennzeichen} hat Buchungen oder Historieneinträge und kann nicht gelöscht werden. Deaktivieren Sie es stattdessen.',
    en: 'The vehicle {kennzeichen} has bookings or history entries and cannot be deleted. Deactivate it instead.',
  },
  'fuehrerschein.klasse_abgelaufen': {
    status: 422,
    de: 'Die Führerscheinklasse {klasse} ist nur bis {datum} gültig. Bitte wenden Sie sich an die Führerscheinprüfung.',
    en: 'Driving-licence class {klasse} is only valid until {datum}. Please contact the licence checkers.',
  },
  'fuehrerschein.dokument_abgelaufen': {
    status: 400,
    de: 'Das Führerscheindokument ist seit {datum} abgelaufen.',
    en: 'The driving-licence document expired on {datum}.',
  },
  'fuehrerschein.original_nicht_gesehen': {
    status: 400,
    de: 'Bitte bestätigen Sie, dass das Original des Führerscheins vorgelegen hat.',
    en: 'Please confirm that the original driving licence was seen.',
  },
  'fuehrerschein.pruefmethode_unbekannt': {
    status: 400,
    de: 'Die Prüfmethode {methode} ist nicht vorgesehen.',
    en: 'The check method {methode} is not provided for.',
  },
  // --- driver licences (decision 050) ---
  'fuehrerschein.kein_eintrag': {
    status: 409,
    de: 'Bitte erfassen Sie zuerst die Führerscheindaten dieser Person.',
    en: "Please enter this person's driving-licence data first.",
  },
  'fuehrerschein.fahrverbot_zeitraum': {
    status: 422,
    de: 'Das Ende des Fahrverbots darf nicht vor seinem Beginn liegen.',
    en: 'The driving ban cannot end before it begins.',
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERRORS;
export type ErrorParams = Readonly<Record<string, string | number>>;

export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export const isErrorCode = (s: string): s is ErrorCode => Object.hasOwn(ERRORS, s);

export const httpStatusOf = (code: ErrorCode): number => ERRORS[code].status;

/** The `{name}` placeholders of a text, in order of appearance, without duplicates. */
export const placeholdersOf = (text: string): string[] => [
  ...new Set(Array.from(text.matchAll(PLACEHOLDER), (m) => m[1] as string)),
];

/**
 * A placeholder: `{name}` the param; `{name#Stunde|Stunden}` the number and the word in the singular or plural
 * ("1 Stunde", "2 Stunden"); `{name?muss|müssen}` the word alone, agreeing with the number.
 */
const PLACEHOLDER = /\{(\w+)(?:([#?])([^|{}]*)\|([^{}]*))?\}/g;

/**
 * The message of `code` in `lang` with `{name}` placeholders replaced by `params[name]`.
 * A placeholder without a param stays visible as `{name}`, so a missing param is noticed, not hidden.
 */
/**
 * The text of `code` in `lang` with its placeholders filled. A placeholder `{name}` takes `params[name_de]`
 * or `params[name_en]` for the language when given (a fixed reason in both languages), else `params[name]`.
 */
export const formatError = (code: ErrorCode, lang: Language, given: ErrorParams = {}): string => {
  const entry: CatalogueEntry = ERRORS[code];
  const params: ErrorParams = entry.ohne ? { ...entry.ohne, ...given } : given;
  return entry[lang].replace(
    PLACEHOLDER,
    (whole, name: string, art?: string, einzahl?: string, mehrzahl?: string) => {
      const inLanguage = `${name}_${lang}`;
      const key = Object.hasOwn(params, inLanguage) ? inLanguage : Object.hasOwn(params, name) ? name : null;
      if (key === null) return whole;
      const value = String(params[key]);
      if (art === undefined) return value;
      const wort = Number(value) === 1 ? einzahl : mehrzahl;
      return art === '#' ? `${value} ${wort}` : String(wort);
    },
  );
};

/**
 * The one error type of the domain. Services throw it; the server maps it to
 * `{ error: { code, message, params } }` with `httpStatusOf(code)` in the user's language.
 * `message` is the German text (the product's default language) for logs.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;

  constructor(code: ErrorCode, params: Record<string, string | number> = {}) {
    super(formatError(code, 'de', params));
    this.name = 'DomainError';
    this.code = code;
    this.params = params;
  }

  get status(): number {
    return httpStatusOf(this.code);
  }
}

/** A broken rule, returned by the `...Verstoss` rule functions: the catalogue code and its params. */
export type RuleViolation = { code: ErrorCode; params: ErrorParams };

export const toDomainError = (v: RuleViolation): DomainError => new DomainError(v.code, { ...v.params });

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
