/** Session and discovery: endpoints 1–4, plus keep-alive and logout (gaps.md §3). */
import { type Area, address, arr, bool, formBody, int, obj, okStatus, operation, paramRef, queryParam, ref, str, pathParam, headerParam } from '../dsl';

const tag = 'Session and discovery';

export const session: Area = {
  tag: { name: tag, description: 'Authentication (password, OAuth 2.0 / OIDC, delegated), discovery, API versions' },
  schemas: {
    TenantEntry: obj({ id: int(), name: str(), url: address('API address of that tenant, ending in /api') }, ['id', 'name', 'url']),
    Session: obj(
      {
        responseStatus: str({ const: 'SUCCESS' }),
        responseMessage: str(),
        sessionId: str({ description: 'Session identifier to send in Authorization' }),
        userId: int(),
        tenantIds: arr(ref('TenantEntry')),
        tenantId: int({ description: 'Id of the tenant for which the session was created' }),
      },
      ['responseStatus', 'sessionId', 'userId', 'tenantIds', 'tenantId'],
      { not: { anyOf: [{ required: ['errors'] }, { required: ['warnings'] }] } },
    ),
    AsMetadata: obj(
      {
        issuer: str(), authorization_endpoint: str(), token_endpoint: str(), registration_endpoint: str(), jwks_uri: str(),
        introspection_endpoint: str(), revocation_endpoint: str(), end_session_endpoint: str(),
        response_types_supported: arr(str()), response_modes_supported: arr(str()),
        introspection_endpoint_auth_methods_supported: arr(str()), revocation_endpoint_auth_methods_supported: arr(str()),
        scopes_supported: arr(str()),
      },
      ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri', 'introspection_endpoint', 'scopes_supported'],
    ),
    AuthProfile: obj(
      {
        id: str(), label: str(), description: str(), tenant_session_endpoint: address(), use_adal: bool(), use_msal: bool(), oauthProviderType: str(),
        as_client_id: str({ description: 'Only when client_id was supplied and the profile maps it' }),
        as_metadata: ref('AsMetadata'),
      },
      ['id', 'label', 'description', 'tenant_session_endpoint', 'use_adal', 'use_msal', 'oauthProviderType'],
    ),
    AuthDiscovery: obj(
      {
        responseStatus: str({ const: 'SUCCESS' }),
        errors: arr({}, { maxItems: 0 }),
        data: obj({ auth_type: str({ enum: ['password', 'sso'] }), auth_profiles: arr(ref('AuthProfile')) }, ['auth_type']),
      },
      ['responseStatus', 'data'],
    ),
    ValuesMap: obj(
      { responseStatus: str({ const: 'SUCCESS' }), values: obj({}, [], { additionalProperties: address() }) },
      ['responseStatus', 'values'],
    ),
    Success: obj({ responseStatus: okStatus(), responseMessage: str() }, ['responseStatus']),
  },
  operations: [
    operation({
      id: 'createSession', method: 'post', path: '/api/{version}/auth', tag, endpoint: 1, auth: 'none',
      summary: 'Authenticate with user name and password',
      description: 'Tenant selection follows Authentication rule 5. Throttled per user name and domain name.',
      params: [paramRef('Version')],
      body: formBody(
        obj({ username: str({ minLength: 1 }), password: str(), tenantDNS: str() }, ['username']),
      ),
      answer: { kind: 'structured', schema: 'Session', xmlRoot: 'VersionedAuthRestResult' },
    }),
    operation({
      id: 'createOAuthSession', method: 'post', path: '/auth/oauth/session/{oauth_profile_id}', tag, endpoint: 2, auth: 'none',
      summary: 'Exchange an OAuth 2.0 / OpenID Connect token for a session',
      params: [
        pathParam('oauth_profile_id', str(), 'Authentication profile id'),
        headerParam('Authorization', str({ pattern: '^Bearer .+' }), 'Bearer access token or ID token', true),
      ],
      body: formBody(obj({ tenantDNS: str(), client_id: str() }), { required: false }),
      answer: { kind: 'structured', schema: 'Session', xmlRoot: 'VersionedAuthRestResult' },
    }),
    operation({
      id: 'discoverAuthType', method: 'post', path: '/auth/discovery', tag, endpoint: 3, auth: 'none',
      summary: 'Discover the authentication type of a user',
      description: '`username` and `client_id` come from the query string or, as a published client sends them, from a form body (gaps.md §11); the query string wins.',
      params: [queryParam('username', str({ minLength: 1 }), 'The user name (or in the form body)')],
      body: formBody(obj({ username: str({ minLength: 1 }), client_id: str() }), { required: false }),
      answer: { kind: 'structured', schema: 'AuthDiscovery', xmlRoot: 'ApiRestResult' },
    }),
    operation({
      id: 'listVersions', method: 'get', path: '/api/', tag, endpoint: 4, auth: 'optional',
      summary: 'List the supported API versions',
      description: 'Public; with an `Authorization` header the session is checked the same way as elsewhere (INVALID_SESSION_ID when it is not valid) and `X-TenantAPI-UserId` is sent (gaps.md §12).',
      answer: { kind: 'structured', schema: 'ValuesMap', xmlRoot: 'MapRestResult' },
    }),
    operation({
      id: 'getVersionResources', method: 'get', path: '/api/{version}', tag,
      summary: 'Check the session: answers the version list, `values[{version}]` included (clients validate a session by reading it: gaps.md §11, §12)',
      params: [paramRef('Version')],
      answer: { kind: 'structured', schema: 'ValuesMap', xmlRoot: 'MapRestResult' },
    }),
    operation({
      id: 'keepAlive', method: 'post', path: '/api/{version}/keep-alive', tag,
      summary: 'Keep the session alive', params: [paramRef('Version')],
      answer: { kind: 'structured', schema: 'Success', xmlRoot: 'ApiRestResult' },
    }),
    operation({
      id: 'endSession', method: 'delete', path: '/api/{version}/session', tag,
      summary: 'End (log out) the presented session', params: [paramRef('Version')],
      answer: { kind: 'structured', schema: 'Success', xmlRoot: 'ApiRestResult' },
    }),
  ],
};
