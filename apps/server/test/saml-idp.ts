/**
 * A SAML 2.0 identity provider for single-sign-on tests, built with `samlify` 2.13: a key and self-signed
 * certificate made here with openssl, IdP metadata for the app's configuration, and signed login responses
 * (assertion signed, as the app requires) for the app's ACS with the attributes the test names.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as samlify from 'samlify';

const IDP_ENTITY = 'https://idp.saml.test/metadata';
const IDP_SSO = 'https://idp.saml.test/sso';

let validatorSet = false;

const keyPair = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'saml-idp-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=saml-test-idp',
        '-days',
        '2',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      privateKey: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * What the redirect binding signs (SAML bindings §3.4.4.1): `SAMLRequest=…&RelayState=…&SigAlg=…` exactly as
 * they stand URL-encoded in the address.
 */
export const signedOctets = (requestUrl: string): string => {
  const raw = new URL(requestUrl).search.slice(1).split('&');
  const part = (name: string) => raw.find((p) => p.startsWith(`${name}=`));
  return ['SAMLRequest', 'RelayState', 'SigAlg']
    .map(part)
    .filter((p): p is string => p !== undefined)
    .join('&');
};

export type SamlUser = {
  nameId: string;
  attributes: Record<string, string | string[]>;
  /** The assertion's AuthnContextClassRef (default: password over a protected transport). */
  authnContext?: string;
};

const PASSWORT_KONTEXT = 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';

/**
 * `ssoUrl`: where the app sends the browser; a browser journey uses an http:// address it answers itself
 * (a page at https:// posting to the app at http:// would stop at Chromium's insecure-form warning).
 */
export const createSamlIdp = ({ ssoUrl = IDP_SSO }: { ssoUrl?: string } = {}) => {
  if (!validatorSet) {
    // The app validates the response; the test IdP does not validate its own XML against the schema.
    samlify.setSchemaValidator({ validate: () => Promise.resolve('skipped') });
    validatorSet = true;
  }
  const { privateKey, cert } = keyPair();
  const idp = samlify.IdentityProvider({
    entityID: IDP_ENTITY,
    signingCert: cert,
    privateKey,
    nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
    // The app signs its AuthnRequests (decision 122): the IdP checks them against the SP metadata's certificate.
    wantAuthnRequestsSigned: true,
    singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: ssoUrl }],
  });
  return {
    entityId: IDP_ENTITY,
    ssoUrl,
    metadata: idp.getMetadata(),
    /**
     * The SAMLResponse (base64) the IdP's page would post to the app's ACS, answering the AuthnRequest in
     * `requestUrl` (the redirect to the IdP, whose query carries SAMLRequest, RelayState and the signature, which
     * is checked against the signing certificate of `spMetadata`).
     */
    respond: async (spMetadata: string, requestUrl: string, user: SamlUser, acsUrl?: string) => {
      const sp = samlify.ServiceProvider({ metadata: spMetadata });
      const query = Object.fromEntries(new URL(requestUrl).searchParams);
      const request = await idp.parseLoginRequest(sp, 'redirect', {
        query,
        octetString: signedOctets(requestUrl),
      });
      const requestId = String((request.extract.request as { id?: string } | undefined)?.id ?? '');
      const acs =
        acsUrl ?? String(sp.entityMeta.getAssertionConsumerService(samlify.Constants.namespace.binding.post));
      const now = new Date();
      const later = new Date(now.getTime() + 5 * 60 * 1000).toISOString();
      const attributes = Object.entries(user.attributes)
        .map(
          ([name, value]) =>
            `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${(Array.isArray(
              value,
            )
              ? value
              : [value]
            )
              .map((v) => `<saml:AttributeValue xsi:type="xs:string">${escapeXml(v)}</saml:AttributeValue>`)
              .join('')}</saml:Attribute>`,
        )
        .join('');
      const values: Record<string, string> = {
        ID: `_${crypto.randomUUID()}`,
        AssertionID: `_${crypto.randomUUID()}`,
        Destination: acs,
        Audience: sp.entityMeta.getEntityID(),
        SubjectRecipient: acs,
        Issuer: IDP_ENTITY,
        IssueInstant: now.toISOString(),
        StatusCode: samlify.Constants.StatusCode.Success,
        ConditionsNotBefore: new Date(now.getTime() - 60_000).toISOString(),
        ConditionsNotOnOrAfter: later,
        SubjectConfirmationDataNotOnOrAfter: later,
        NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
        NameID: escapeXml(user.nameId),
        InResponseTo: requestId,
        AuthnStatement: `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_s${Date.now()}"><saml:AuthnContext><saml:AuthnContextClassRef>${escapeXml(user.authnContext ?? PASSWORT_KONTEXT)}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
        AttributeStatement: `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>`,
      };
      const response = await idp.createLoginResponse(
        sp,
        { extract: { request: { id: requestId } } },
        'post',
        { email: user.nameId },
        {
          relayState: query.RelayState,
          customTagReplacement: (template: string) => ({
            id: values.ID!,
            context: template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? ''),
          }),
        },
      );
      return { samlResponse: response.context, relayState: query.RelayState ?? '' };
    },
  };
};
