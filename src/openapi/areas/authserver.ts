/**
 * The built-in OAuth 2.0 / OpenID Connect authorization server (issue 4) and the stand-in of the
 * external CRM platform's token check (Authentication rule 8), served by the same process and port.
 */
import { type Area, arr, bool, formBody, int, obj, operation, queryParam, str, headerParam } from '../dsl';

const tag = 'Authorization server';
const platformTag = 'CRM platform stand-in';

export const authServer: Area = {
  tag: { name: tag, description: "dms-sim's own authorization server, so a client can run the whole OAuth flow locally" },
  schemas: {
    OAuthError: obj({ error: str(), error_description: str() }, ['error']),
    OidcConfiguration: obj(
      {
        issuer: str(), authorization_endpoint: str(), token_endpoint: str(), registration_endpoint: str(), jwks_uri: str(),
        introspection_endpoint: str(), revocation_endpoint: str(), end_session_endpoint: str(),
        response_types_supported: arr(str()), response_modes_supported: arr(str()), grant_types_supported: arr(str()),
        code_challenge_methods_supported: arr(str()), subject_types_supported: arr(str()),
        id_token_signing_alg_values_supported: arr(str()), token_endpoint_auth_methods_supported: arr(str()),
        introspection_endpoint_auth_methods_supported: arr(str()), revocation_endpoint_auth_methods_supported: arr(str()),
      },
      ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'],
    ),
    Jwks: obj({ keys: arr(obj({ kty: str(), kid: str(), alg: str(), use: str() }, ['kty', 'kid'], { additionalProperties: true })) }, ['keys']),
    TokenResponse: obj(
      { access_token: str(), token_type: str(), expires_in: int(), id_token: str(), scope: str(), refresh_token: str() },
      ['access_token', 'token_type', 'expires_in'],
    ),
    Introspection: obj(
      { active: bool(), sub: str(), username: str(), client_id: str(), scope: str(), exp: int(), iat: int(), iss: str(), aud: {}, token_type: str() },
      ['active'],
    ),
    ClientRegistration: obj({ client_id: str(), redirect_uris: arr(str()), client_name: str(), token_endpoint_auth_method: str() }, ['client_id']),
    Empty: obj({}),
    PlatformUserInfo: obj({ organization_id: str({ pattern: '^[A-Za-z0-9]{18}$' }), preferred_username: str(), user_id: str() }, ['organization_id', 'preferred_username']),
  },
  operations: [
    operation({ id: 'getOidcConfiguration', method: 'get', path: '/.well-known/openid-configuration', tag, auth: 'none',
      summary: 'OpenID Connect discovery document', answer: { kind: 'json', schema: 'OidcConfiguration' } }),
    operation({ id: 'getJwks', method: 'get', path: '/oauth2/jwks', tag, auth: 'none',
      summary: 'The signing keys', answer: { kind: 'json', schema: 'Jwks' } }),
    operation({
      id: 'authorize', method: 'get', path: '/oauth2/authorize', tag, auth: 'none',
      summary: 'Authorization endpoint: signs in the login_hint user at once (no UI) and redirects with a code',
      params: [
        queryParam('response_type', str({ enum: ['code'] }), 'code', true),
        queryParam('client_id', str(), 'Registered client', true),
        queryParam('redirect_uri', str(), 'Where to send the code', true),
        queryParam('login_hint', str(), 'The SSO user to sign in', true),
        queryParam('code_challenge', str({ minLength: 43, maxLength: 128 }), 'PKCE challenge', true),
        queryParam('code_challenge_method', str({ enum: ['S256', 'plain'], default: 'plain' }), 'PKCE method'),
        queryParam('state', str(), 'Echoed back'),
        queryParam('scope', str(), 'Requested scopes'),
        queryParam('nonce', str(), 'Echoed in the ID token'),
      ],
      answer: { kind: 'redirect' },
    }),
    operation({
      id: 'issueToken', method: 'post', path: '/oauth2/token', tag, auth: 'none',
      summary: 'Token endpoint: authorization_code (with PKCE), password, refresh_token',
      body: formBody(obj({
        grant_type: str({ enum: ['authorization_code', 'password', 'refresh_token'] }), code: str(), redirect_uri: str(), code_verifier: str(),
        client_id: str(), username: str(), password: str(), refresh_token: str(), scope: str(),
      }, ['grant_type'])),
      answer: { kind: 'json', schema: 'TokenResponse' },
    }),
    operation({
      id: 'introspectToken', method: 'post', path: '/oauth2/introspect', tag, auth: 'none',
      summary: 'Token introspection (RFC 7662)', body: formBody(obj({ token: str(), client_id: str(), token_type_hint: str() }, ['token'])),
      answer: { kind: 'json', schema: 'Introspection' },
    }),
    operation({
      id: 'revokeToken', method: 'post', path: '/oauth2/revoke', tag, auth: 'none',
      summary: 'Token revocation (RFC 7009)', body: formBody(obj({ token: str(), client_id: str(), token_type_hint: str() }, ['token'])),
      answer: { kind: 'json', schema: 'Empty' },
    }),
    operation({
      id: 'registerClient', method: 'post', path: '/oauth2/register', tag, auth: 'none',
      summary: 'Dynamic client registration (public clients)',
      body: { required: true, content: { 'application/json': { schema: obj({ redirect_uris: arr(str(), { minItems: 1 }), client_name: str() }, ['redirect_uris']) } } },
      answer: { kind: 'json', schema: 'ClientRegistration' },
    }),
    operation({
      id: 'endOAuthSession', method: 'get', path: '/oauth2/logout', tag, auth: 'none',
      summary: 'End-session endpoint', params: [queryParam('post_logout_redirect_uri', str(), 'Where to go next (registered for the client)'), queryParam('id_token_hint', str(), 'ID token'), queryParam('client_id', str(), 'The client ending its session')],
      answer: { kind: 'json', schema: 'Empty', orRedirect: true },
    }),
    operation({
      id: 'platformLogin', method: 'post', path: '/crm/services/oauth2/token', tag: platformTag, auth: 'none',
      summary: "Stand-in of the CRM platform's login: a platform session token for a delegation-enabled user",
      body: formBody(obj({ grant_type: str({ enum: ['password'] }), username: str(), password: str() }, ['grant_type', 'username', 'password'])),
      answer: { kind: 'json', schema: 'TokenResponse' },
    }),
    operation({
      id: 'platformUserInfo', method: 'get', path: '/crm/services/oauth2/userinfo', tag: platformTag, auth: 'none',
      summary: "Stand-in of the CRM platform's token check",
      params: [headerParam('Authorization', str(), 'Bearer <platform token>', true)],
      answer: { kind: 'json', schema: 'PlatformUserInfo' },
    }),
  ],
};

export const platformTagObject = { name: platformTag, description: 'A built-in stand-in for the external CRM platform, for delegated requests' };

