/**
 * Endpoint 3: which authentication a user has. Password users (and unknown user names, so that
 * discovery does not reveal who exists) answer `password`; SSO users answer `sso` with their
 * profiles: OAuth 2.0 / OIDC profiles carry `as_metadata`; a SAML-tied policy has none. Each profile
 * also carries `use_msal`, `oauthProviderType` and `as_metadata.scopes_supported`, which the real
 * service's clients read (gaps.md §12); defaults in DISCOVERY_DEFAULTS.
 */
import type { FixtureAuthProfile } from '../../fixtures/types';
import type { World } from '../world';

/** What a profile's fixture may leave out (chosen, docs/decisions.md "Real-client fidelity"). */
export const DISCOVERY_DEFAULTS = {
  scopes: ['openid', 'profile', 'email', 'offline_access'],
  providerType: (p: FixtureAuthProfile) => (p.provider === 'adfs' ? 'adfs' : 'other'),
};

export interface AuthAddressBook {
  auth(path: string): string;
}

/** The authorization server metadata of a profile (spec: as_metadata members). */
export function asMetadata(profile: FixtureAuthProfile, book: AuthAddressBook): Record<string, unknown> {
  const base = profile.provider === 'builtin' ? book.auth('') : profile.issuer!.replace(/\/+$/, '');
  const at = (p: string) => (profile.provider === 'builtin' ? book.auth(p) : `${base}${p}`);
  return {
    issuer: base,
    authorization_endpoint: at('/oauth2/authorize'),
    token_endpoint: at('/oauth2/token'),
    registration_endpoint: at('/oauth2/register'),
    jwks_uri: at('/oauth2/jwks'),
    introspection_endpoint: at('/oauth2/introspect'),
    revocation_endpoint: at('/oauth2/revoke'),
    end_session_endpoint: at('/oauth2/logout'),
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    introspection_endpoint_auth_methods_supported: ['none', 'client_secret_post'],
    revocation_endpoint_auth_methods_supported: ['none', 'client_secret_post'],
    scopes_supported: [...(profile.scopes ?? DISCOVERY_DEFAULTS.scopes)],
  };
}

export function discover(world: World, username: string, clientId: string | undefined, book: AuthAddressBook): Record<string, unknown> {
  const user = world.users.byUsername(username);
  // gaps.md §1: a success never carries an empty `errors` key (the spec only says it "may appear").
  if (!user?.authProfiles) return { responseStatus: 'SUCCESS', data: { auth_type: 'password' } };
  const profiles = (world.fixtures.data.authProfiles ?? []).filter((p) => user.authProfiles!.includes(p.id));
  return {
    responseStatus: 'SUCCESS',
    data: {
      auth_type: 'sso',
      auth_profiles: profiles.map((p) => {
        const mapped = clientId ? p.clientMappings?.[clientId] : undefined;
        return {
          id: p.id,
          label: p.label,
          description: p.description ?? '',
          tenant_session_endpoint: book.auth(`/auth/oauth/session/${p.id}`),
          use_adal: p.provider === 'adfs',
          use_msal: p.useMsal === true,
          oauthProviderType: p.oauthProviderType ?? DISCOVERY_DEFAULTS.providerType(p),
          ...(mapped ? { as_client_id: mapped } : {}),
          as_metadata: asMetadata(p, book),
        };
      }),
    },
  };
}
