import { SCIM_ENTERPRISE_USER } from '@stellwerk/domain/identitaet/scim/patch';

/**
 * What the service provider tells SCIM clients about itself (RFC 7644 §4, RFC 7643 §5–7, decision 099): the
 * features it supports, the resource types and the schemas of their attributes as this server maps them.
 */
const SPC = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

type Attr = Record<string, unknown>;
const attr = (name: string, extra: Attr = {}): Attr => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});
const sub = (name: string, subAttributes: Attr[], extra: Attr = {}) =>
  attr(name, { type: 'complex', subAttributes, ...extra });

const schemas = (base: string) => {
  const meta = (id: string) => ({ resourceType: 'Schema', location: `${base}/Schemas/${id}` });
  return [
    {
      schemas: [SCHEMA],
      id: USER,
      name: 'User',
      description: 'A user of the tenant (benutzer)',
      attributes: [
        attr('userName', { required: true, uniqueness: 'server' }),
        sub('name', [attr('givenName'), attr('familyName'), attr('formatted', { mutability: 'readOnly' })]),
        attr('displayName'),
        sub('emails', [attr('value'), attr('type'), attr('primary', { type: 'boolean' })], {
          multiValued: true,
        }),
        attr('active', { type: 'boolean' }),
        attr('externalId', { caseExact: true }),
        sub(
          'groups',
          [attr('value', { mutability: 'readOnly' }), attr('display', { mutability: 'readOnly' })],
          {
            multiValued: true,
            mutability: 'readOnly',
          },
        ),
      ],
      meta: meta(USER),
    },
    {
      schemas: [SCHEMA],
      id: SCIM_ENTERPRISE_USER,
      name: 'EnterpriseUser',
      description: 'Enterprise user: the personnel number',
      attributes: [attr('employeeNumber')],
      meta: meta(SCIM_ENTERPRISE_USER),
    },
    {
      schemas: [SCHEMA],
      id: GROUP,
      name: 'Group',
      description: 'A group of the tenant (gruppe)',
      attributes: [
        attr('displayName', { required: true, uniqueness: 'server' }),
        attr('externalId', { caseExact: true }),
        sub('members', [attr('value', { uniqueness: 'none' }), attr('display')], { multiValued: true }),
      ],
      meta: meta(GROUP),
    },
  ];
};

const resourceTypes = (base: string) => [
  {
    schemas: [RESOURCE_TYPE],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'Users of the tenant',
    schema: USER,
    schemaExtensions: [{ schema: SCIM_ENTERPRISE_USER, required: false }],
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
  },
  {
    schemas: [RESOURCE_TYPE],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    description: 'Groups of the tenant',
    schema: GROUP,
    schemaExtensions: [],
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
  },
];

const list = (resources: unknown[]) => ({
  schemas: [LIST],
  totalResults: resources.length,
  startIndex: 1,
  itemsPerPage: resources.length,
  Resources: resources,
});

export const serviceProviderConfig = (base: string) => ({
  schemas: [SPC],
  documentationUri: `${base.replace(/\/scim\/v2$/, '')}/api/docs`,
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: 200 },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Bearer token',
      description: 'A SCIM token created by a user administrator under Administration › Users',
      primary: true,
    },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
});

export const schemaList = (base: string) => list(schemas(base));
export const schemaById = (base: string, id: string) =>
  schemas(base).find((s) => s.id.toLowerCase() === id.toLowerCase());
export const resourceTypeList = (base: string) => list(resourceTypes(base));
export const resourceTypeById = (base: string, id: string) =>
  resourceTypes(base).find((r) => r.id.toLowerCase() === id.toLowerCase());
