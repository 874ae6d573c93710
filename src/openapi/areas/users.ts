/** Users: the caller's own user record (clients read it at start-up: gaps.md §12). */
import { type Area, arr, bool, int, obj, okStatus, operation, paramRef, ref, str } from '../dsl';

const tag = 'Users';

export const users: Area = {
  tag: { name: tag, description: "The caller's user record" },
  schemas: {
    UserRecord: obj(
      {
        id: int(), name__v: str(), user_name__v: str(), user_first_name__v: str(), user_last_name__v: str(), user_email__v: str(),
        status__v: str(), active__v: bool(), domain_active__v: bool(), security_profile__v: str(), created_date__v: str(), domain_admin__v: bool(),
      },
      ['id', 'user_name__v', 'active__v'],
      { additionalProperties: true },
    ),
    CurrentUser: obj({ responseStatus: okStatus(), users: arr(obj({ user: ref('UserRecord') }, ['user']), { minItems: 1, maxItems: 1 }) }, ['responseStatus', 'users']),
  },
  operations: [
    operation({
      id: 'getCurrentUser', method: 'get', path: '/api/{version}/objects/users/me', tag,
      summary: "The caller's user record in the session's tenant (the same fields as a users query)",
      params: [paramRef('Version')],
      answer: { kind: 'structured', schema: 'CurrentUser', xmlRoot: 'ApiRestResult' },
    }),
  ],
};
